package dev.kavro.bench.flink;

import dev.kavro.bench.data.BenchCase;
import dev.kavro.bench.data.BenchSchemas;
import dev.kavro.wire.WireFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.flink.formats.avro.AvroRowDataDeserializationSchema;
import org.apache.flink.formats.avro.AvroRowDataSerializationSchema;
import org.apache.flink.formats.avro.typeutils.AvroSchemaConverter;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.binary.BinaryRowData;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

/**
 * A bench case as a Flink table sees it. The table's row type is what Flink's {@code AvroSchemaConverter} makes of the
 * case's writer schema, leaving out the fields it cannot map (see {@link Mapping}); the topic holds what such a table
 * writes: its records, read from the case's seeded data by Flink's own path, written again by Flink's encoder with
 * the table-derived schema under one schema id. Every engine decodes these messages, and encodes these rows.
 *
 * <p>Immutable once built, except that rows handed out are Flink's mutable row objects: engines only read them.
 */
public final class FlinkCase {
  /** The bench schemas and the shape families: the cases the Flink table runs by default. */
  public static final List<String> CASES =
      Stream.concat(BenchSchemas.NAMES.stream(), BenchCase.SHAPE_CASES.stream()).toList();
  /** The schema id every message of every case carries. */
  static final int ID = 1;

  public final String name;
  public final Mapping mapping;
  /** The table-derived schema, as Flink's {@code AvroSchemaConverter} derives it: writer and reader of the topic. */
  public final Schema tableSchema;
  /** How many records are distinct ({@link BenchCase#distinct}): record {@code i} is record {@code i % distinct}. */
  public final int distinct;
  private final byte[][] messages;
  private final BinaryRowData[] binaryRows;

  private FlinkCase(String name, Mapping mapping, Schema tableSchema, int distinct, byte[][] messages,
      BinaryRowData[] binaryRows) {
    this.name = name;
    this.mapping = mapping;
    this.tableSchema = tableSchema;
    this.distinct = distinct;
    this.messages = messages;
    this.binaryRows = binaryRows;
  }

  /**
   * Builds the case: the seeded records decoded by Flink's path (its {@code schema} option set to the writer schema
   * less the fields left out, so that enums keep reading as the strings Flink makes of them), encoded by Flink's
   * encoder with the table-derived schema.
   *
   * @throws IllegalArgumentException for an unknown case, or one with no field Flink can map
   */
  public static FlinkCase load(String name) {
    return of(BenchCase.load(name));
  }

  /**
   * The case of a loaded bench case, as {@link #load}.
   *
   * @throws IllegalArgumentException if Flink maps no field of the case
   */
  public static FlinkCase of(BenchCase benchCase) {
    String name = benchCase.name;
    Mapping mapping = Mapping.of(benchCase.writer);
    RowType rowType = mapping.rowType;
    Schema tableSchema = AvroSchemaConverter.convertToSchema(rowType);
    try {
      byte[] prefix = WireFormat.idPrefix(ID);
      AvroRowDataDeserializationSchema source = FlinkAvroPath.decoder(ID, benchCase.writer, mapping.reader, rowType,
          false, frame(prefix, benchCase.bodies[0]));
      AvroRowDataSerializationSchema encoder = FlinkAvroPath.encoder(ID, tableSchema, rowType);
      RowDataSerializer serializer = new RowDataSerializer(rowType);
      byte[][] messages = new byte[BenchCase.RECORDS][];
      BinaryRowData[] binaryRows = new BinaryRowData[BenchCase.RECORDS];
      for (int i = 0; i < BenchCase.RECORDS; i++) {
        if (i >= benchCase.distinct) {
          messages[i] = messages[i % benchCase.distinct];
          binaryRows[i] = binaryRows[i % benchCase.distinct];
          continue;
        }
        RowData row = source.deserialize(frame(prefix, benchCase.bodies[i]));
        messages[i] = encoder.serialize(row);
        binaryRows[i] = serializer.toBinaryRow(row).copy();
      }
      return new FlinkCase(name, mapping, tableSchema, benchCase.distinct, messages, binaryRows);
    } catch (Exception e) {
      throw new IllegalStateException("Cannot build Flink case " + name + ": " + e, e);
    }
  }

  public RowType rowType() {
    return mapping.rowType;
  }

  /** Message {@code i}: Confluent's framing ({@code 0}, the id) and the record in the table-derived schema. */
  byte[] message(int i) {
    return messages[i];
  }

  /** Row {@code i} as Flink holds it after its first network hop ({@code RowDataSerializer.toBinaryRow}). */
  BinaryRowData binaryRow(int i) {
    return binaryRows[i];
  }

  /**
   * The rows as Flink's decoder makes them, before any hop: {@code GenericRowData} whose strings hold only a Java
   * {@code String} ({@code StringData.fromString}). Fresh objects on every call: turning such a row binary (as
   * {@code toBinaryRow} does) changes its strings for good.
   */
  GenericRowData[] genericRows() {
    try {
      AvroRowDataDeserializationSchema decoder = FlinkAvroPath.decoder(ID, tableSchema, tableSchema, rowType(),
          false, messages[0]);
      GenericRowData[] rows = new GenericRowData[messages.length];
      for (int i = 0; i < rows.length; i++) {
        rows[i] = i < distinct ? (GenericRowData) decoder.deserialize(messages[i]) : rows[i % distinct];
      }
      return rows;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] frame(byte[] prefix, byte[] body) {
    byte[] framed = new byte[prefix.length + body.length];
    System.arraycopy(prefix, 0, framed, 0, prefix.length);
    System.arraycopy(body, 0, framed, prefix.length, body.length);
    return framed;
  }

  @Override
  public String toString() {
    return name;
  }

  /**
   * What of a writer schema a Flink table can hold: Flink's {@code AvroSchemaConverter} maps each top-level field to a
   * table type and back to Avro (the legacy mapping {@code avro-confluent} always uses); a field where either fails
   * is left out, with the reason. A union of more than one non-null branch, the common case, becomes Flink's RAW type
   * (Kryo), which its Avro format cannot read or write.
   *
   * @param reader the writer schema less the fields left out (the {@code schema} option such a table would set)
   * @param rowType the table's row type
   * @param leftOut one line per field left out: its name and why
   */
  public record Mapping(Schema reader, RowType rowType, List<String> leftOut) {
    static final String RAW_REASON = "a union of more than one non-null branch, which Flink's AvroSchemaConverter "
        + "maps to RAW and its Avro format cannot read or write";

    /**
     * @throws IllegalArgumentException if no field of {@code writer} maps
     */
    public static Mapping of(Schema writer) {
      List<Schema.Field> kept = new ArrayList<>();
      List<String> leftOut = new ArrayList<>();
      for (Schema.Field field : writer.getFields()) {
        String why = whyUnmappable(field);
        if (why == null) {
          kept.add(new Schema.Field(field, field.schema()));
        } else {
          leftOut.add(field.name() + ": " + why);
        }
      }
      if (kept.isEmpty()) {
        throw new IllegalArgumentException("Flink maps no field of " + writer.getFullName());
      }
      Schema reader = leftOut.isEmpty() ? writer
          : Schema.createRecord(writer.getName(), writer.getDoc(), writer.getNamespace(), false, kept);
      RowType rowType = (RowType) AvroSchemaConverter.convertToDataType(reader.toString()).getLogicalType();
      return new Mapping(reader, rowType, List.copyOf(leftOut));
    }

    /** One line for a table's notes: how many fields were left out and why, or {@code null} when none was. */
    public String note(String caseName) {
      if (leftOut.isEmpty()) {
        return null;
      }
      List<String> reasons = leftOut.stream().map(l -> l.substring(l.indexOf(": ") + 2)).distinct().toList();
      return caseName + ": " + leftOut.size() + " of " + (leftOut.size() + rowType.getFieldCount())
          + " fields left out (" + String.join("; ", reasons) + ")";
    }

    private static String whyUnmappable(Schema.Field field) {
      Schema probe = Schema.createRecord("Probe", null, "dev.kavro.bench.flink", false,
          List.of(new Schema.Field(field, field.schema())));
      try {
        LogicalType type = AvroSchemaConverter.convertToDataType(probe.toString()).getLogicalType();
        if (hasRaw(type)) {
          return RAW_REASON;
        }
        AvroSchemaConverter.convertToSchema(type);
        return null;
      } catch (RuntimeException e) {
        return "Flink's AvroSchemaConverter: " + e.getMessage();
      }
    }

    private static boolean hasRaw(LogicalType type) {
      return type.getTypeRoot() == LogicalTypeRoot.RAW || type.getChildren().stream().anyMatch(Mapping::hasRaw);
    }
  }
}
