package dev.kavro.flink;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.flink.runtime.FormatMetrics;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.serde.KavroSerializer;
import dev.kavro.test.specific.Color;
import dev.kavro.test.specific.User;
import dev.kavro.testing.Oracle;
import dev.kavro.wire.FrameReader;
import dev.kavro.wire.WireFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.formats.avro.typeutils.GenericRecordAvroTypeInfo;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.util.Collector;
import org.apache.flink.util.FlinkRuntimeException;
import org.apache.flink.util.InstantiationUtil;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

/**
 * The DataStream schemas, each shipped through Java serialization as Flink ships them to its tasks: what they write
 * is what Kavro's Kafka serializer writes, and they read it back; the Kafka record schemas carry ids in headers.
 */
class DataStreamSchemasTest {
  private static final Schema ORDER = new Schema.Parser().parse("""
      {"type":"record","name":"Order","namespace":"shop","fields":[
        {"name":"id","type":"long"},{"name":"note","type":["null","string"],"default":null}]}""");

  private static GenericRecord order(long id) {
    GenericRecord record = new GenericData.Record(ORDER);
    record.put("id", id);
    record.put("note", "n" + id);
    return record;
  }

  @SuppressWarnings("unchecked")
  private static <T> T shipped(T schema) throws Exception {
    return (T) InstantiationUtil.clone((java.io.Serializable) schema, DataStreamSchemasTest.class.getClassLoader());
  }

  @Test
  void genericRecordsAreWrittenAsKavrosSerializerWritesThemAndReadBack() throws Exception {
    TaskContext task = new TaskContext();
    KavroSerializationSchema<GenericRecord> writer = shipped(KavroSerializationSchema.forGeneric("orders-value",
        ORDER, "mock://ds-generic"));
    writer.open(task);
    byte[] bytes = writer.serialize(order(1));
    try (KavroSerializer plain = new KavroSerializer()) {
      plain.configure(Map.of("schema.registry.url", "mock://ds-generic"), false);
      assertArrayEquals(plain.serialize("orders", order(1)), bytes);
    }
    KavroDeserializationSchema<GenericRecord> reader = shipped(KavroDeserializationSchema.forGeneric(ORDER,
        "mock://ds-generic", 100, Map.of("kavro.reader.mode", "compiled")));
    reader.open(task);
    assertEquals(order(1), reader.deserialize(bytes));
    assertEquals(new GenericRecordAvroTypeInfo(ORDER), reader.getProducedType());
    assertNotNull(task.metric(FormatMetrics.GROUP + "." + FormatMetrics.COMPILED_READS));
    assertTrue(task.count(FormatMetrics.GROUP + "." + FormatMetrics.COMPILED_READS) > 0);
  }

  @Test
  void aGenericRecordOfAnotherSchemaIsRefused() throws Exception {
    KavroSerializationSchema<GenericRecord> writer = shipped(KavroSerializationSchema.forGeneric("orders-value",
        ORDER, "mock://ds-other"));
    writer.open(new TaskContext());
    Schema other = new Schema.Parser().parse("""
        {"type":"record","name":"Other","fields":[{"name":"id","type":"long"}]}""");
    GenericRecord record = new GenericData.Record(other);
    record.put("id", 1L);
    FlinkRuntimeException e = assertThrows(FlinkRuntimeException.class, () -> writer.serialize(record));
    assertTrue(e.getMessage().contains("is not the schema this serialization schema writes"), e.getMessage());
    // An equal schema parsed apart is the same schema.
    GenericRecord same = new GenericData.Record(new Schema.Parser().parse(ORDER.toString()));
    same.put("id", 2L);
    same.put("note", "n2");
    assertArrayEquals(writer.serialize(order(2)), writer.serialize(same));
  }

  @Test
  void specificRecordsRoundTrip() throws Exception {
    TaskContext task = new TaskContext();
    KavroSerializationSchema<User> writer = shipped(KavroSerializationSchema.forSpecific(User.class, "users-value",
        "mock://ds-specific"));
    writer.open(task);
    User user = User.newBuilder().setName("ada").setAge(36).setTags(List.of("x")).setColor(Color.GREEN).build();
    KavroDeserializationSchema<User> reader = shipped(KavroDeserializationSchema.forSpecific(User.class,
        "mock://ds-specific"));
    reader.open(task);
    User back = reader.deserialize(writer.serialize(user));
    assertEquals(user, back);
    assertEquals(User.class, back.getClass());
    assertEquals(User.class, reader.getProducedType().getTypeClass());
  }

  @Test
  void rowsRoundTripWithTheRowCodec() throws Exception {
    RowType rowType = (RowType) DataTypes.ROW(DataTypes.FIELD("id", DataTypes.BIGINT().notNull()),
        DataTypes.FIELD("note", DataTypes.STRING())).notNull().getLogicalType();
    TaskContext task = new TaskContext();
    KavroSerializationSchema<RowData> writer = shipped(KavroSerializationSchema.forRowData(rowType, "rows-value",
        "mock://ds-rows", null));
    writer.open(task);
    byte[] bytes = writer.serialize(GenericRowData.of(5L, StringData.fromString("five")));
    KavroDeserializationSchema<RowData> reader = shipped(KavroDeserializationSchema.forRowData(rowType,
        InternalTypeInfo.of(rowType), "mock://ds-rows", null).withTimestampMapping(TimestampMapping.LEGACY)
        .ignoringParseErrors());
    reader.open(task);
    RowData row = reader.deserialize(bytes);
    assertEquals(5L, row.getLong(0));
    assertEquals("five", row.getString(1).toString());
    assertEquals(null, reader.deserialize(new byte[] {1, 2, 3}));
    assertEquals(1, task.count(FormatMetrics.GROUP + "." + FormatMetrics.RECORDS_SKIPPED));
  }

  @Test
  void theTimestampMappingIsForRowsOnly() {
    assertThrows(IllegalStateException.class, () -> KavroDeserializationSchema.forGeneric(ORDER, "mock://x")
        .withTimestampMapping(TimestampMapping.LEGACY));
    assertThrows(IllegalStateException.class, () -> KavroSerializationSchema.forGeneric("s", ORDER, "mock://x")
        .withTimestampMapping(TimestampMapping.LEGACY));
  }

  @Test
  void kafkaRecordSchemasWriteAndReadTheSchemaIdInAHeaderUnderEachTopicsSubject() throws Exception {
    Map<String, Object> headerIds = Map.of("value.schema.id.serializer", "header");
    KafkaRecordSerializationSchema<GenericRecord> sink = shipped(KavroKafkaRecordSerializationSchema.forValue(
        "events", KavroSerializationSchema.forGeneric(null, ORDER, "mock://ds-headers", headerIds)));
    TaskContext task = new TaskContext();
    sink.open(task, null);
    ProducerRecord<byte[], byte[]> produced = sink.serialize(order(7), null, 42L);
    assertEquals("events", produced.topic());
    assertEquals(42L, produced.timestamp());
    byte[] header = produced.headers().lastHeader(WireFormat.schemaIdHeader(false)).value();
    assertEquals(WireFormat.MAGIC_BYTE_GUID, header[0]);
    MockSchemaRegistry registry = MockSchemaRegistry.forScope("ds-headers");
    int id = registry.latest("events-value").id();
    assertArrayEquals(Oracle.encode(ORDER, GenericData.get(), order(7)), produced.value(), "plain Avro, no prefix");
    long frame = FrameReader.read(produced.value(), 0, produced.value().length, header);
    assertEquals(registry.guidOf(id), FrameReader.schemaId(frame, produced.value(), header).guid());

    var source = shipped(KavroKafkaRecordDeserializationSchema.valueOnly(
        KavroDeserializationSchema.forGeneric(ORDER, "mock://ds-headers")));
    source.open(task);
    RecordHeaders headers = new RecordHeaders();
    produced.headers().forEach(headers::add);
    List<GenericRecord> out = new ArrayList<>();
    source.deserialize(new ConsumerRecord<>("events", 0, 0L, 0L, TimestampType.CREATE_TIME, 0, 0, null,
        produced.value(), headers, java.util.Optional.empty()), collector(out));
    source.deserialize(new ConsumerRecord<>("events", 0, 1L, null, null), collector(out));
    assertEquals(List.of(order(7)), out);
    TypeInformation<GenericRecord> type = source.getProducedType();
    assertEquals(new GenericRecordAvroTypeInfo(ORDER), type);
  }

  private static <T> Collector<T> collector(List<T> out) {
    return new Collector<>() {
      @Override
      public void collect(T record) {
        out.add(record);
      }

      @Override
      public void close() {}
    };
  }
}
