package dev.kavro.serde;

import org.apache.avro.Conversions;
import org.apache.avro.Schema;
import org.apache.avro.data.TimeConversions;
import org.apache.avro.generic.GenericData;
import org.apache.avro.specific.SpecificData;

/**
 * The Avro data models the serdes read and write with. With {@code avro.use.logical.type.converters} the models map
 * logical types to Java types, as Confluent's do. A generated specific class always uses its own model
 * ({@code MODEL$}), which carries the conversions its fields were generated with.
 */
final class DataModels {
  private static final GenericData GENERIC_WITH_CONVERSIONS = addConversions(new GenericData());
  private static final SpecificData SPECIFIC_WITH_CONVERSIONS = addConversions(new SpecificData());

  private DataModels() {}

  static GenericData generic(boolean conversions) {
    return conversions ? GENERIC_WITH_CONVERSIONS : GenericData.get();
  }

  /** The model of the class named by {@code reader}, or the shared specific model where there is no class. */
  static SpecificData specific(Schema reader, boolean conversions) {
    SpecificData model = SpecificData.getForSchema(reader);
    return conversions && model == SpecificData.get() ? SPECIFIC_WITH_CONVERSIONS : model;
  }

  /** The model of a generated class. */
  static SpecificData specific(Class<?> type, boolean conversions) {
    SpecificData model = SpecificData.getForClass(type);
    return conversions && model == SpecificData.get() ? SPECIFIC_WITH_CONVERSIONS : model;
  }

  static <T extends GenericData> T addConversions(T model) {
    model.addLogicalTypeConversion(new Conversions.DecimalConversion());
    model.addLogicalTypeConversion(new Conversions.BigDecimalConversion());
    model.addLogicalTypeConversion(new Conversions.UUIDConversion());
    model.addLogicalTypeConversion(new Conversions.DurationConversion());
    model.addLogicalTypeConversion(new TimeConversions.DateConversion());
    model.addLogicalTypeConversion(new TimeConversions.TimeMillisConversion());
    model.addLogicalTypeConversion(new TimeConversions.TimeMicrosConversion());
    model.addLogicalTypeConversion(new TimeConversions.TimestampMillisConversion());
    model.addLogicalTypeConversion(new TimeConversions.TimestampMicrosConversion());
    model.addLogicalTypeConversion(new TimeConversions.TimestampNanosConversion());
    model.addLogicalTypeConversion(new TimeConversions.LocalTimestampMillisConversion());
    model.addLogicalTypeConversion(new TimeConversions.LocalTimestampMicrosConversion());
    model.addLogicalTypeConversion(new TimeConversions.LocalTimestampNanosConversion());
    return model;
  }
}
