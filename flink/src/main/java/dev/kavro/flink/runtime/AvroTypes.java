package dev.kavro.flink.runtime;

import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.formats.avro.typeutils.AvroTypeInfo;
import org.apache.flink.formats.avro.typeutils.GenericRecordAvroTypeInfo;

/**
 * flink-avro's types of Avro records, for the DataStream schemas. They live here, not in the schema classes, because
 * flink-avro is the job's to provide and a SQL deployment ({@code kavro-flink-sql} in Flink's {@code lib/}) has none:
 * a class that names them in its own bytecode cannot even be verified there, and the table format shares its
 * deserialization schema class with the DataStream API.
 *
 * <p>Stateless. Internal API.
 */
public final class AvroTypes {
  private AvroTypes() {}

  /** The type of generic records of {@code schema}. */
  public static TypeInformation<GenericRecord> generic(Schema schema) {
    return new GenericRecordAvroTypeInfo(schema);
  }

  /** The type of generated records of {@code type}; flink-avro bounds it by the class Avro's compiler extends. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static <T> TypeInformation<T> specific(Class<T> type) {
    return new AvroTypeInfo(type);
  }
}
