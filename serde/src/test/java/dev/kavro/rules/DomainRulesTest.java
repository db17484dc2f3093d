package dev.kavro.rules;

import static dev.kavro.rules.RulesFixtures.USER;
import static dev.kavro.rules.RulesFixtures.USER_SCHEMA;
import static dev.kavro.rules.RulesFixtures.client;
import static dev.kavro.rules.RulesFixtures.deserializer;
import static dev.kavro.rules.RulesFixtures.domainRules;
import static dev.kavro.rules.RulesFixtures.framed;
import static dev.kavro.rules.RulesFixtures.rule;
import static dev.kavro.rules.RulesFixtures.schema;
import static dev.kavro.rules.RulesFixtures.serveUser;
import static dev.kavro.rules.RulesFixtures.serializer;
import static dev.kavro.rules.RulesFixtures.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.RestSchemaRegistry;
import dev.kavro.registry.StubRegistry;
import dev.kavro.serde.KavroSerializer;
import dev.kavro.testing.LogCapture;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DecoderFactory;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Domain rules (CEL, CEL_FIELD) on write and read, with actions, overrides, and rules Kavro cannot run. */
@Timeout(60)
class DomainRulesTest extends StubRegistryTestBase {
  private static final Map<String, Object> CHECK_AGE =
      rule("checkAge", "CONDITION", "WRITE", "CEL", "message.age >= 18");

  @Test
  void aConditionPassesOrFailsTheRecordNamingTheRule() {
    serveUser(stub, null, domainRules(CHECK_AGE));
    KavroSerializer serializer = serializer(registry);

    assertNotNull(serializer.serialize("users", user("ann", "123", null, 30)));
    SerializationException e = assertThrows(SerializationException.class,
        () -> serializer.serialize("users", user("bob", "456", null, 12)));

    assertTrue(e.getMessage().contains("Rule failed: checkAge"), e.getMessage());
    assertTrue(e.getMessage().contains("topic 'users'") && e.getMessage().contains("schema id 1"), e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"compiled", "fallback", "async"})
  void aFieldTransformMasksTaggedFieldsOnWrite(String mode) throws Exception {
    Map<String, Object> metadata = Map.of("tags", Map.of("com.example.User.email", List.of("PII")));
    serveUser(stub, metadata, domainRules(rule("maskPii", "TRANSFORM", "WRITE", "CEL_FIELD",
        "typeName == 'STRING' ; 'XXX'", "tags", List.of("PII"))));

    byte[] bytes = serializer(registry).serialize("users", user("ann", "123-45-6789", "a@example.com", 30));
    GenericRecord read = (GenericRecord) deserializer(registry, "kavro.reader.mode", mode).deserialize("users",
        bytes);

    GenericRecord plain = vanillaRead(bytes);
    assertEquals(plain, read);
    assertEquals("XXX", plain.get("ssn").toString()); // inline confluent:tags
    assertEquals("XXX", plain.get("email").toString()); // metadata tags by path
    assertEquals("ann", plain.get("name").toString());
    assertEquals(30, plain.get("age"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"compiled", "fallback", "async"})
  void readRulesRunOnReadAndNotOnWrite(String mode) throws Exception {
    serveUser(stub, null, domainRules(
        rule("maskOnRead", "TRANSFORM", "READ", "CEL_FIELD", "'***'", "tags", List.of("PII")),
        rule("adultsOnRead", "CONDITION", "READ", "CEL", "message.age >= 18")));

    byte[] bytes = serializer(registry).serialize("users", user("ann", "123", null, 30));
    assertEquals("123", vanillaRead(bytes).get("ssn").toString());
    GenericRecord read = (GenericRecord) deserializer(registry, "kavro.reader.mode", mode).deserialize("users",
        bytes);
    assertEquals("***", read.get("ssn").toString());
    assertEquals("ann", read.get("name").toString());

    byte[] minor = serializer(registry).serialize("users", user("kid", "9", null, 10));
    SerializationException e = assertThrows(SerializationException.class,
        () -> deserializer(registry, "kavro.reader.mode", mode).deserialize("users", minor));
    assertTrue(e.getMessage().contains("adultsOnRead") && e.getMessage().contains("READ"), e.getMessage());
  }

  @Test
  void aWholeMessageTransformRewritesTheRecord() throws Exception {
    serveUser(stub, null, domainRules(rule("normalize", "TRANSFORM", "WRITE", "CEL",
        "{'name': message.name.upperAscii(), 'ssn': message.ssn, 'email': message.email, 'age': message.age + 1}")));

    GenericRecord written = vanillaRead(serializer(registry).serialize("users", user("ann", "1", null, 30)));

    assertEquals("ANN", written.get("name").toString());
    assertEquals(31, written.get("age"));
    assertEquals(null, written.get("email"));
  }

  @Test
  void disabledRulesDoNotRunWhetherByTheRuleOrByConfig() {
    serveUser(stub, null, domainRules(
        rule("never", "CONDITION", "WRITE", "CEL", "false", "disabled", true), CHECK_AGE));

    assertNotNull(serializer(registry, "rule.executors.checkAge.disabled", "true")
        .serialize("users", user("kid", "1", null, 5)));
    assertNotNull(serializer(registry, "rule.executors._CEL_.disabled", "true")
        .serialize("users", user("kid", "1", null, 5)));
    assertThrows(SerializationException.class,
        () -> serializer(registry).serialize("users", user("kid", "1", null, 5)));
  }

  @Test
  void onFailureNoneLetsTheRecordThroughAndConfigOverridesTheRule() {
    serveUser(stub, null, domainRules(rule("lenient", "CONDITION", "WRITE", "CEL", "message.age >= 18",
        "onFailure", "NONE")));

    assertNotNull(serializer(registry).serialize("users", user("kid", "1", null, 5)));
    SerializationException e = assertThrows(SerializationException.class,
        () -> serializer(registry, "rule.executors.lenient.onFailure", "ERROR")
            .serialize("users", user("kid", "1", null, 5)));
    assertTrue(e.getMessage().contains("lenient"), e.getMessage());
  }

  @Test
  void writeReadActionsSplitOnTheComma() throws Exception {
    serveUser(stub, null, domainRules(rule("both", "CONDITION", "WRITEREAD", "CEL", "message.age >= 18",
        "onFailure", "NONE,ERROR")));

    byte[] bytes = serializer(registry).serialize("users", user("kid", "1", null, 5));
    assertThrows(SerializationException.class, () -> deserializer(registry).deserialize("users", bytes));
  }

  @Test
  void dlqGetsTheFailedRecordWithRuleHeadersAndTheRecordStillFails() throws Exception {
    serveUser(stub, null, domainRules(rule("checkAge", "CONDITION", "WRITEREAD", "CEL", "message.age >= 18",
        "onFailure", "DLQ")));
    MockProducer<byte[], byte[]> producer =
        new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer());
    Object[] dlqConfig = {"rule.actions", "dlq",
        "rule.actions.dlq.class", "io.confluent.kafka.schemaregistry.rules.DlqAction",
        "rule.actions.dlq.param.dlq.topic", "users-dlq", "rule.actions.dlq.param.producer", producer};

    SerializationException e = assertThrows(SerializationException.class,
        () -> serializer(registry, dlqConfig).serialize("users", user("kid", "1", null, 5)));
    assertTrue(e.getMessage().contains("checkAge") && e.getMessage().contains("DLQ"), e.getMessage());

    assertEquals(1, producer.history().size());
    ProducerRecord<byte[], byte[]> sent = producer.history().get(0);
    assertEquals("users-dlq", sent.topic());
    assertEquals("checkAge", header(sent, "__rule.name"));
    assertEquals("WRITE", header(sent, "__rule.mode"));
    assertEquals("users", header(sent, "__rule.topic"));
    assertTrue(new String(sent.value(), StandardCharsets.UTF_8).contains("\"kid\""));

    // On read the DLQ gets the payload bytes; re-reading a record from the DLQ skips the rule that sent it.
    byte[] bytes = framed(1, user("kid", "1", null, 5));
    assertThrows(SerializationException.class, () -> deserializer(registry, dlqConfig).deserialize("users", bytes));
    assertEquals(2, producer.history().size());
    assertEquals(ByteBuffer.wrap(bytes), ByteBuffer.wrap(producer.history().get(1).value()));
    RecordHeaders fromDlq = new RecordHeaders();
    fromDlq.add("__rule.name", "checkAge".getBytes(StandardCharsets.UTF_8));
    assertNotNull(deserializer(registry, dlqConfig).deserialize("users", fromDlq, bytes));
  }

  @Test
  void aDlqWithoutProducerConfigFailsTheRecordAndSaysWhy() {
    serveUser(stub, null, domainRules(rule("checkAge", "CONDITION", "WRITE", "CEL", "message.age >= 18",
        "onFailure", "DLQ", "params", Map.of("dlq.topic", "users-dlq"))));

    SerializationException e = assertThrows(SerializationException.class,
        () -> serializer(registry).serialize("users", user("kid", "1", null, 5)));
    assertTrue(e.getMessage().contains("checkAge"), e.getMessage());
  }

  @Test
  void rulesKavroCannotRunFailClosedWhateverTheirOnFailure() throws Exception {
    serveUser(stub, null, domainRules(CHECK_AGE, rule("encryptPii", "TRANSFORM", "WRITEREAD", "ENCRYPT", null,
        "tags", List.of("PII"), "onFailure", "NONE", "params", Map.of("encrypt.kek.name", "k"))));

    SerializationException write = assertThrows(SerializationException.class,
        () -> serializer(registry).serialize("users", user("ann", "1", null, 30)));
    assertTrue(write.getMessage().contains("encryptPii") && write.getMessage().contains("ENCRYPT")
        && write.getMessage().contains("kavro.rules.unsupported"), write.getMessage());

    byte[] bytes = framed(1, user("ann", "1", null, 30));
    SerializationException read = assertThrows(SerializationException.class,
        () -> deserializer(registry).deserialize("users", bytes));
    assertTrue(read.getMessage().contains("encryptPii"), read.getMessage());
  }

  @Test
  void encodingRulesAndUnknownModesFailClosedToo() {
    stub.on("POST /subjects/users-value/versions?normalize=false", StubRegistry.Response.ok(schema(USER, 1, 1, null,
        Map.of("encodingRules", List.of(rule("payload", "TRANSFORM", "WRITEREAD", "ENCRYPT_PAYLOAD", null))))));
    SerializationException e = assertThrows(SerializationException.class,
        () -> serializer(registry).serialize("users", user("ann", "1", null, 30)));
    assertTrue(e.getMessage().contains("payload") && e.getMessage().contains("encoding"), e.getMessage());

    stub.on("POST /subjects/users-value/versions?normalize=false", StubRegistry.Response.ok(schema(USER, 2, 2, null,
        domainRules(rule("odd", "CONDITION", "SOMETIMES", "CEL", "true")))));
    SerializationException mode;
    try (RestSchemaRegistry fresh = client(stub)) {
      mode = assertThrows(SerializationException.class,
          () -> serializer(fresh).serialize("users", user("ann", "1", null, 30)));
    }
    assertTrue(mode.getMessage().contains("odd") && mode.getMessage().contains("SOMETIMES"), mode.getMessage());
  }

  @Test
  void theOptOutSkipsUnsupportedRulesWithAWarningButStillRunsTheOthers() throws Exception {
    serveUser(stub, null, domainRules(CHECK_AGE, rule("encryptPii", "TRANSFORM", "WRITEREAD", "ENCRYPT", null,
        "tags", List.of("PII"))));
    try (LogCapture log = new LogCapture(RulePlan.class)) {
      KavroSerializer serializer = serializer(registry, "kavro.rules.unsupported", "warn");

      byte[] bytes = serializer.serialize("users", user("ann", "123", null, 30));

      assertEquals("123", vanillaRead(bytes).get("ssn").toString());
      assertEquals(1, log.warningsMentioning("encryptPii"), log.warnings().toString());
      assertTrue(log.warnings().get(0).contains("SKIPPED"), log.warnings().get(0));
      assertThrows(SerializationException.class, () -> serializer.serialize("users", user("kid", "1", null, 5)));
    }
  }

  @Test
  void anExecutorClassKavroCannotRunIsAConfigError() {
    Object[] config = {"rule.executors", "enc",
        "rule.executors.enc.class", "io.confluent.kafka.schemaregistry.encryption.FieldEncryptionExecutor"};
    ConfigException e = assertThrows(ConfigException.class, () -> serializer(registry, config));
    assertTrue(e.getMessage().contains("FieldEncryptionExecutor"), e.getMessage());
  }

  @Test
  void aBrokenExpressionFailsTheRecordNamingTheRule() {
    serveUser(stub, null, domainRules(rule("broken", "CONDITION", "WRITE", "CEL", "message.age >=")));

    SerializationException e = assertThrows(SerializationException.class,
        () -> serializer(registry).serialize("users", user("ann", "1", null, 30)));
    assertTrue(e.getMessage().contains("broken") && e.getMessage().contains("compile"), e.getMessage());
  }

  @Test
  void useLatestWithMetadataWritesWithTheMatchingVersionAndItsRules() {
    stub.on("GET /subjects/users-value/metadata?key=app&value=2&deleted=false", StubRegistry.Response.ok(
        schema(USER, 7, 3, Map.of("properties", Map.of("app", "2")), domainRules(CHECK_AGE))));
    KavroSerializer serializer =
        serializer(registry, "auto.register.schemas", "false", "use.latest.with.metadata", "app=2");

    byte[] bytes = serializer.serialize("users", user("ann", "1", null, 30));

    assertEquals(7, ByteBuffer.wrap(bytes, 1, 4).getInt());
    assertThrows(SerializationException.class, () -> serializer.serialize("users", user("kid", "1", null, 5)));
  }

  @Test
  void aLookupCarriesNoRulesAsInConfluent() {
    stub.on("POST /subjects/users-value?normalize=false",
        StubRegistry.Response.ok(schema(USER, 1, 1, null, domainRules(CHECK_AGE))));
    KavroSerializer serializer = serializer(registry, "auto.register.schemas", "false");

    assertNotNull(serializer.serialize("users", user("kid", "1", null, 5)));
  }

  private static String header(ProducerRecord<byte[], byte[]> record, String key) {
    return new String(record.headers().lastHeader(key).value(), StandardCharsets.UTF_8);
  }

  private static GenericRecord vanillaRead(byte[] framed) throws Exception {
    return new GenericDatumReader<GenericRecord>(USER_SCHEMA).read(null,
        DecoderFactory.get().binaryDecoder(framed, 5, framed.length - 5, null));
  }
}
