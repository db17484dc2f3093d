package dev.kavro.test.reflect;

import java.util.Objects;

/** A plain Java class, as a Confluent user serializes with schema.reflection=true. */
public class Reading {
  public String sensor;
  public double value;
  public long[] counts;
  public Nested where;

  public Reading() {}

  public Reading(String sensor, double value, long[] counts, Nested where) {
    this.sensor = sensor;
    this.value = value;
    this.counts = counts;
    this.where = where;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Reading r && Objects.equals(sensor, r.sensor) && value == r.value
        && java.util.Arrays.equals(counts, r.counts) && Objects.equals(where, r.where);
  }

  @Override
  public int hashCode() {
    return Objects.hash(sensor, value, where);
  }
}
