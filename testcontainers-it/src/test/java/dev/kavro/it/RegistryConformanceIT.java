package dev.kavro.it;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kavro.registry.RegisteredSchema;
import dev.kavro.registry.RegistryException;
import dev.kavro.registry.SchemaReference;
import dev.kavro.registry.SchemaRegistries;
import dev.kavro.registry.SchemaRegistry;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Kavro's registry client against a real registry (Confluent Schema Registry in Docker, or Apicurio's Confluent API):
 * what the serdes rely on behaves the same on both. Schemas are compared parsed, never as text, because servers
 * canonicalise what they return.
 */
@ExtendWith(RealServers.class)
class RegistryConformanceIT {
  private static final String USER_V1 = """
      {"type":"record","name":"User","namespace":"com.example",
       "fields":[{"name":"name","type":"string"}]}""";
  /** USER_V1 with its keys in another order and other whitespace: the same schema. */
  private static final String USER_V1_REFORMATTED = """
      {
        "fields" : [ { "type" : "string", "name" : "name" } ],
        "namespace" : "com.example",   "name" : "User",
        "type" : "record"
      }""";
  /** BACKWARD compatible with V1: the new field has a default. */
  private static final String USER_V2 = """
      {"type":"record","name":"User","namespace":"com.example",
       "fields":[{"name":"name","type":"string"},{"name":"email","type":["null","string"],"default":null}]}""";
  /** Not BACKWARD compatible with V1: a reader with this schema cannot fill "age" in data written with V1. */
  private static final String USER_INCOMPATIBLE = """
      {"type":"record","name":"User","namespace":"com.example",
       "fields":[{"name":"name","type":"string"},{"name":"age","type":"int"}]}""";
  private static final String ADDRESS = """
      {"type":"record","name":"Address","namespace":"com.example",
       "fields":[{"name":"street","type":"string"},{"name":"city","type":"string"}]}""";
  private static final String PERSON = """
      {"type":"record","name":"Person","namespace":"com.example",
       "fields":[{"name":"name","type":"string"},{"name":"address","type":"com.example.Address"}]}""";

  private static SchemaRegistry registry;
  private String subject;

  @BeforeAll
  static void connect(ServerPair servers) {
    registry = SchemaRegistries.create(Map.of("schema.registry.url", servers.registryUrl()));
  }

  @AfterAll
  static void disconnect() {
    if (registry != null) {
      registry.close();
    }
  }

  @BeforeEach
  void uniqueSubject(TestInfo test) {
    // The registry lives as long as the test JVM: each test gets subjects of its own.
    subject = test.getTestMethod().orElseThrow().getName() + "-" + UUID.randomUUID() + "-value";
  }

  @Test
  void registeringReturnsAnIdAndTheSameIdForTheSameSchema() {
    int id = registry.register(subject, USER_V1, List.of(), false);

    assertEquals(id, registry.register(subject, USER_V1, List.of(), false));
  }

  @Test
  void reformattedSchemaInTheSameSubjectGetsTheSameId() {
    int id = registry.register(subject, USER_V1, List.of(), false);

    assertEquals(id, registry.register(subject, USER_V1_REFORMATTED, List.of(), false));
    assertEquals(1, registry.latest(subject).version(), "no new version for the same schema");
  }

  @Test
  void schemaByIdIsTheRegisteredSchema() {
    int id = registry.register(subject, USER_V1, List.of(), false);

    assertEquals(parse(USER_V1), registry.schemaById(id));
  }

  @Test
  void lookupFindsTheRegisteredSchemaWithoutRegisteringIt() {
    int id = registry.register(subject, USER_V1, List.of(), false);

    RegisteredSchema found = registry.lookup(subject, USER_V1_REFORMATTED, List.of(), false);

    assertAll(
        () -> assertEquals(id, found.id()),
        () -> assertEquals(1, found.version()),
        () -> assertEquals(parse(USER_V1), found.schema()));
    RegistryException notThere =
        assertThrows(RegistryException.class, () -> registry.lookup(subject, USER_V2, List.of(), false));
    assertEquals(404, notThere.status());
  }

  @Test
  void compatibleEvolutionBecomesVersionTwoAndTheLatest() {
    int v1 = registry.register(subject, USER_V1, List.of(), false);
    int v2 = registry.register(subject, USER_V2, List.of(), false);

    RegisteredSchema latest = registry.latest(subject);

    assertNotEquals(v1, v2);
    assertAll(
        () -> assertEquals(2, latest.version()),
        () -> assertEquals(v2, latest.id()),
        () -> assertEquals(parse(USER_V2), latest.schema()));
  }

  @Test
  void eachVersionIsServedByNumber() {
    int v1 = registry.register(subject, USER_V1, List.of(), false);
    int v2 = registry.register(subject, USER_V2, List.of(), false);

    RegisteredSchema first = registry.version(subject, 1);
    RegisteredSchema second = registry.version(subject, 2);

    assertAll(
        () -> assertEquals(v1, first.id()),
        () -> assertEquals(1, first.version()),
        () -> assertEquals(parse(USER_V1), first.schema()),
        () -> assertEquals(v2, second.id()),
        () -> assertEquals(2, second.version()),
        () -> assertEquals(parse(USER_V2), second.schema()));
  }

  @Test
  void incompatibleSchemaIsRejectedWithConflictUnderBackwardCompatibility() {
    registry.register(subject, USER_V1, List.of(), false);

    RegistryException rejected =
        assertThrows(RegistryException.class, () -> registry.register(subject, USER_INCOMPATIBLE, List.of(), false));

    assertEquals(409, rejected.status());
    assertEquals(1, registry.latest(subject).version(), "the rejected schema did not become a version");
  }

  @Test
  void referencedSchemaIsResolvedWhenFetchedById() {
    String addressSubject = subject.replace("-value", "-address");
    registry.register(addressSubject, ADDRESS, List.of(), false);
    List<SchemaReference> references = List.of(new SchemaReference("com.example.Address", addressSubject, 1));

    int personId = registry.register(subject, PERSON, references, false);

    Schema person = registry.schemaById(personId);
    assertAll(
        () -> assertEquals(parseWithReference(ADDRESS, PERSON), person),
        () -> assertEquals(parse(ADDRESS), person.getField("address").schema()));
    RegisteredSchema version = registry.version(subject, 1);
    assertAll(
        () -> assertEquals(personId, version.id()),
        () -> assertEquals(references, version.references()),
        () -> assertEquals(person, version.schema()));
  }

  @Test
  void unknownIdIsNotFound() {
    RegistryException missing = assertThrows(RegistryException.class, () -> registry.schemaById(987_654_321));

    assertAll(
        () -> assertEquals(404, missing.status()),
        () -> assertEquals(40403, missing.errorCode()),
        () -> assertEquals(true, missing.isNotFound()));
  }

  @Test
  void unknownSubjectIsNotFound() {
    RegistryException missing = assertThrows(RegistryException.class, () -> registry.latest(subject));

    assertEquals(404, missing.status());
  }

  private static Schema parse(String text) {
    return new Schema.Parser().parse(text);
  }

  private static Schema parseWithReference(String referenced, String referring) {
    Schema.Parser parser = new Schema.Parser();
    parser.parse(referenced);
    return parser.parse(referring);
  }
}
