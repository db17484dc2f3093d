package dev.kavro.serde;

import static dev.kavro.serde.Fixtures.config;
import static dev.kavro.serde.Fixtures.order;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kavro.registry.StubRegistry;
import dev.kavro.registry.StubRegistry.Response;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Id lookups carry the subject as Confluent's deserializer sends it, and {@code context.name.strategy}. */
@Timeout(30)
class SchemaContextsTest {
  private static final Schema OTHER = new Schema.Parser().parse(
      "{\"type\":\"record\",\"name\":\"Other\",\"namespace\":\"x\",\"fields\":[{\"name\":\"n\",\"type\":\"int\"}]}");

  private StubRegistry stub;

  @BeforeEach
  void start() throws Exception {
    stub = StubRegistry.start();
  }

  @AfterEach
  void stop() {
    stub.close();
  }

  /** Topics named {@code staging.*} live in the context {@code staging}; the rest in the default context. */
  public static final class StagingContext implements ContextNameStrategy {
    @Override
    public String contextName(String topic) {
      return topic.startsWith("staging.") ? "staging" : null;
    }
  }

  private KavroDeserializer deserializer(Object... keyValues) {
    KavroDeserializer d = new KavroDeserializer();
    Map<String, Object> configs = config(keyValues);
    configs.put("schema.registry.url", stub.url());
    d.configure(configs, false);
    return d;
  }

  private byte[] framed(int id, GenericRecord record) {
    return Fixtures.confluentBytes(id, record.getSchema(), record, org.apache.avro.generic.GenericData.get());
  }

  @Test
  void topicNameStrategyLooksIdsUpUnderTheTopicsSubject() {
    stub.on("GET /schemas/ids/1?subject=orders-value", Response.ok(Map.of("schema", Fixtures.ORDER_V1.toString())));
    try (KavroDeserializer d = deserializer()) {
      assertEquals(order(1), d.deserialize("orders", framed(1, order(1))));
    }
    assertEquals(List.of("/schemas/ids/1?subject=orders-value"),
        stub.requests().stream().map(StubRegistry.Request::target).toList());
  }

  @Test
  void recordNameStrategyLooksUpWithoutThenWithTheRecordSubject() {
    stub.on("GET /schemas/ids/1", Response.ok(Map.of("schema", Fixtures.ORDER_V1.toString())));
    stub.on("GET /schemas/ids/1?subject=dev.kavro.test.Order",
        Response.ok(Map.of("schema", Fixtures.ORDER_V1.toString())));
    try (KavroDeserializer d = deserializer("value.subject.name.strategy", RecordNameStrategy.class.getName())) {
      d.deserialize("orders", framed(1, order(1)));
    }
    assertEquals(List.of("/schemas/ids/1", "/schemas/ids/1?subject=dev.kavro.test.Order"),
        stub.requests().stream().map(StubRegistry.Request::target).toList());
  }

  @Test
  void aPrimitiveWriterUnderRecordNameStrategyIsReadAfterTheSubjectlessLookup() {
    stub.on("GET /schemas/ids/4", Response.ok(Map.of("schema", "\"string\"")));
    try (KavroDeserializer d = deserializer("value.subject.name.strategy", RecordNameStrategy.class.getName())) {
      byte[] framed = Fixtures.concat(Fixtures.prefix(4), new byte[] {6, 'a', 'b', 'c'});
      assertEquals("abc", d.deserialize("orders", framed));
    }
    assertEquals(1, stub.requests().size());
  }

  @Test
  void aContextStrategyQualifiesSubjectsAndScopesIdsPerContext() {
    stub.on("POST /subjects/%3A.staging%3Astaging.orders-value/versions?normalize=false",
        Response.ok(Map.of("id", 1)));
    stub.on("GET /schemas/ids/1?subject=:.staging:staging.orders-value",
        Response.ok(Map.of("schema", Fixtures.ORDER_V1.toString())));
    // The same id names another schema in the default context.
    stub.on("GET /schemas/ids/1?subject=orders-value", Response.ok(Map.of("schema", OTHER.toString())));

    KavroSerializer s = new KavroSerializer();
    s.configure(config("schema.registry.url", stub.url(), "context.name.strategy", StagingContext.class.getName()),
        false);
    byte[] staged = s.serialize("staging.orders", order(2));
    s.close();

    try (KavroDeserializer d = deserializer("context.name.strategy", StagingContext.class.getName())) {
      assertEquals(order(2), d.deserialize("staging.orders", staged));
      GenericRecord other = new org.apache.avro.generic.GenericData.Record(OTHER);
      other.put("n", 5);
      assertEquals(other, d.deserialize("orders", framed(1, other)));
      assertEquals(order(2), d.deserialize("staging.orders", staged), "the staging entry is kept apart");
    }
  }

  @Test
  void aContextStrategyWithARecordStrategyLooksUpUnderTheBareContext() {
    stub.on("GET /schemas/ids/1?subject=:.staging:", Response.ok(Map.of("schema", Fixtures.ORDER_V1.toString())));
    try (KavroDeserializer d = deserializer("context.name.strategy", StagingContext.class.getName(),
        "value.subject.name.strategy", "io.confluent.kafka.serializers.subject.RecordNameStrategy")) {
      assertEquals(order(3), d.deserialize("staging.orders", framed(1, order(3))));
    }
    assertEquals(1, stub.requests().size());
  }

  @Test
  void contextNamesAreNormalizedAsConfluentDoes() {
    assertEquals(":.staging:", ContextNames.normalize("staging"));
    assertEquals(":.staging:", ContextNames.normalize(".staging"));
    assertEquals(":.staging:", ContextNames.normalize(":.staging:"));
    assertEquals(null, ContextNames.normalize("."));
    assertEquals(null, ContextNames.normalize(null));
    assertInstanceOf(IllegalArgumentException.class,
        assertThrows(IllegalArgumentException.class, () -> ContextNames.normalize("a:b")));
  }

  /** A strategy that returns a bad context name fails the record with a typed error, not a raw exception. */
  public static final class BadContext implements ContextNameStrategy {
    @Override
    public String contextName(String topic) {
      return "a:b";
    }
  }

  @Test
  void aBadContextNameIsASerializationException() {
    try (KavroDeserializer d = deserializer("context.name.strategy", BadContext.class.getName())) {
      SerializationException e = assertThrows(SerializationException.class,
          () -> d.deserialize("orders", framed(1, order(1))));
      assertEquals(true, e.getMessage().contains("orders"), e.getMessage());
    }
  }
}
