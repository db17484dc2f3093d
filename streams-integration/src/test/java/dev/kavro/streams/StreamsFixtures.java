package dev.kavro.streams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.kavro.registry.RegistryClientConfig;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.streams.test.CustomerKey;
import dev.kavro.streams.test.CustomerTotals;
import dev.kavro.streams.test.Order;
import dev.kavro.streams.test.OrderKey;
import dev.kavro.wire.WireFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.GenericRecordBuilder;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.streams.StreamsConfig;

/** Schemas, records, configs and the vanilla-Avro oracle shared by the Streams tests. */
final class StreamsFixtures {
  static final Schema ORDER_KEY = OrderKey.getClassSchema();
  /** The app's reader schema (v2): {@code customer}, {@code amount}, {@code currency} defaulting to EUR. */
  static final Schema ORDER = Order.getClassSchema();
  static final Schema CUSTOMER_KEY = CustomerKey.getClassSchema();
  static final Schema TOTALS = CustomerTotals.getClassSchema();

  /** What an upstream team still writes (v1): a {@code note} the app dropped, no {@code currency} yet. */
  static final Schema ORDER_V1 = new Schema.Parser().parse("""
      {"type": "record", "name": "Order", "namespace": "dev.kavro.streams.test", "fields": [
        {"name": "customer", "type": "string"},
        {"name": "amount", "type": "long"},
        {"name": "note", "type": "string"}
      ]}""");

  static final String ORDERS = "orders";
  static final String TOTALS_OUT = "totals-out";
  static final String REPARTITION_NAME = "by-customer";
  static final String STORE = "totals";

  private StreamsFixtures() {}

  static String newScope() {
    return "streams-" + UUID.randomUUID();
  }

  static Map<String, Object> serdeConfigs(String scope, Object... keyValues) {
    Map<String, Object> configs = new HashMap<>();
    configs.put(RegistryClientConfig.SCHEMA_REGISTRY_URL_CONFIG, "mock://" + scope);
    for (int i = 0; i < keyValues.length; i += 2) {
      configs.put((String) keyValues[i], keyValues[i + 1]);
    }
    return configs;
  }

  /** Streams properties; the record cache is off so that every aggregate update reaches the output topic. */
  static Properties streamsProps(String appId, Map<String, Object> serdeConfigs) {
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, appId);
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:9");
    props.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, 0);
    props.putAll(serdeConfigs);
    return props;
  }

  static String changelog(String appId) {
    return appId + "-" + STORE + "-changelog";
  }

  static String repartition(String appId) {
    return appId + "-" + REPARTITION_NAME + "-repartition";
  }

  static GenericRecord orderKey(String orderId) {
    return new GenericRecordBuilder(ORDER_KEY).set("orderId", orderId).build();
  }

  static GenericRecord order(String customer, long amount) {
    return new GenericRecordBuilder(ORDER).set("customer", customer).set("amount", amount).build();
  }

  static GenericRecord orderV1(String customer, long amount, String note) {
    return new GenericRecordBuilder(ORDER_V1).set("customer", customer).set("amount", amount).set("note", note)
        .build();
  }

  static GenericRecord customerKey(String customer) {
    return new GenericRecordBuilder(CUSTOMER_KEY).set("customer", customer).build();
  }

  static GenericRecord totals(String customer, long orders, long total) {
    return new GenericRecordBuilder(TOTALS).set("customer", customer).set("orders", orders).set("total", total)
        .build();
  }

  /** The schema id of Confluent-framed bytes, checking the magic byte. */
  static int schemaId(byte[] framed) {
    assertEquals(WireFormat.MAGIC_BYTE_ID, framed[0], "magic byte");
    return WireFormat.readInt(framed, 1);
  }

  /**
   * The oracle: strips the 5-byte prefix, fetches the writer schema by id, and decodes the rest with vanilla Avro
   * into {@code reader} ({@code null}: the writer schema), with {@code model}'s representations.
   */
  static Object vanillaDecode(SchemaRegistry registry, byte[] framed, Schema reader, GenericData model) {
    Schema writer = registry.schemaById(schemaId(framed));
    byte[] body = Arrays.copyOfRange(framed, WireFormat.ID_PREFIX_LENGTH, framed.length);
    try {
      var decoder = DecoderFactory.get().binaryDecoder(body, null);
      Schema target = reader != null ? reader : writer;
      DatumReader<Object> datumReader = model instanceof SpecificData specific
          ? new SpecificDatumReader<>(writer, target, specific)
          : new GenericDatumReader<>(writer, target, model);
      Object datum = datumReader.read(null, decoder);
      assertEquals(true, decoder.isEnd(), "bytes left after the Avro datum");
      return datum;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static GenericRecord vanillaGeneric(SchemaRegistry registry, byte[] framed) {
    return (GenericRecord) vanillaDecode(registry, framed, null, GenericData.get());
  }

  static Object vanillaSpecific(SchemaRegistry registry, byte[] framed, Class<?> type) {
    SpecificData model = SpecificData.getForClass(type);
    return vanillaDecode(registry, framed, model.getSchema(type), model);
  }

  /** Kavro keeps ids in the payload prefix; a header would be lost by state stores. */
  static void assertNoSchemaIdHeaders(Headers headers) {
    assertNull(headers.lastHeader(WireFormat.KEY_SCHEMA_ID_HEADER), "key schema id header");
    assertNull(headers.lastHeader(WireFormat.VALUE_SCHEMA_ID_HEADER), "value schema id header");
  }
}
