package dev.kavro.test.reflect;


public class Nested {
  public int floor;

  public Nested() {}

  public Nested(int floor) {
    this.floor = floor;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Nested n && n.floor == floor;
  }

  @Override
  public int hashCode() {
    return floor;
  }
}
