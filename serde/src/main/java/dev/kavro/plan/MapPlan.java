package dev.kavro.plan;

import java.util.List;
import org.apache.avro.Schema;

/** A map: keys are strings ({@code Utf8} unless the map asks for Java strings), values follow the value plan. */
public final class MapPlan extends ReadPlan {
  private final boolean javaStringKeys;
  private final ReadPlan value;

  MapPlan(Schema writer, Schema reader, boolean javaStringKeys, ReadPlan value) {
    super(Kind.MAP, writer, reader);
    this.javaStringKeys = javaStringKeys;
    this.value = value;
  }

  public boolean javaStringKeys() {
    return javaStringKeys;
  }

  public ReadPlan value() {
    return value;
  }

  @Override
  public List<ReadPlan> children() {
    return List.of(value);
  }
}
