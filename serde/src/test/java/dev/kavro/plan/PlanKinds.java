package dev.kavro.plan;

import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.data.TimeConversions;
import org.apache.avro.generic.GenericData;

/** Writer and reader schemas that make a plan of every kind, and helpers to build them. */
final class PlanKinds {
  private static final String RECORD = "{\"type\": \"record\", \"name\": \"R\", \"fields\": "
      + "[{\"name\": \"a\", \"type\": \"int\"}]}";
  private static final String JAVA_STRING = "{\"type\": \"string\", \"avro.java.string\": \"String\"}";
  private static final String FIXED = "{\"type\": \"fixed\", \"name\": \"F\", \"size\": 4}";
  private static final String DATE = "{\"type\": \"int\", \"logicalType\": \"date\"}";

  /** (writer, reader) pairs: at least one per plan kind. */
  static final List<String[]> PAIRS = List.of(
      pair("\"null\"", "\"null\""),
      pair("\"boolean\"", "\"boolean\""),
      pair("\"int\"", "\"int\""),
      pair("\"long\"", "\"long\""),
      pair("\"float\"", "\"float\""),
      pair("\"double\"", "\"double\""),
      pair("\"string\"", "\"string\""),
      pair("\"string\"", JAVA_STRING),
      pair("\"bytes\"", "\"bytes\""),
      pair(FIXED, FIXED),
      pair("\"int\"", "\"long\""),
      pair("\"int\"", "\"float\""),
      pair("\"int\"", "\"double\""),
      pair("\"long\"", "\"float\""),
      pair("\"long\"", "\"double\""),
      pair("\"float\"", "\"double\""),
      pair("\"string\"", "\"bytes\""),
      pair("\"bytes\"", "\"string\""),
      pair("\"bytes\"", JAVA_STRING),
      pair("{\"type\": \"enum\", \"name\": \"E\", \"symbols\": [\"A\", \"B\"]}",
          "{\"type\": \"enum\", \"name\": \"E\", \"symbols\": [\"B\", \"A\"]}"),
      pair("{\"type\": \"array\", \"items\": \"int\"}", "{\"type\": \"array\", \"items\": \"int\"}"),
      pair("{\"type\": \"map\", \"values\": \"string\"}", "{\"type\": \"map\", \"values\": \"string\"}"),
      pair(RECORD, RECORD),
      pair("[\"null\", \"int\"]", "[\"null\", \"int\"]"),
      pair(DATE, DATE),
      pair("\"string\"", "\"int\""),
      // A reader union under a non-union writer resolves to the branch's own plan.
      pair("\"int\"", "[\"null\", \"int\"]"));

  private PlanKinds() {}

  private static String[] pair(String writer, String reader) {
    return new String[] {writer, reader};
  }

  static Schema parse(String json) {
    return new Schema.Parser().parse(json);
  }

  /** The plan of a pair, in a generic model that converts dates (so that a date is a logical plan). */
  static ReadPlan plan(String writer, String reader) {
    GenericData model = new GenericData();
    model.addLogicalTypeConversion(new TimeConversions.DateConversion());
    return PlanBuilder.build(parse(writer), parse(reader), model);
  }
}
