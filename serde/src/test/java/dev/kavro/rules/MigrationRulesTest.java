package dev.kavro.rules;

import static dev.kavro.rules.RulesFixtures.deserializer;
import static dev.kavro.rules.RulesFixtures.framed;
import static dev.kavro.rules.RulesFixtures.rule;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.StubRegistry;
import dev.kavro.registry.StubRegistry.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Migration rules between major versions (Confluent's example: v2 renames {@code ssn} to
 * {@code socialSecurityNumber}, which no Avro resolution can do), run by JSONata on UPGRADE and DOWNGRADE.
 */
@Timeout(60)
class MigrationRulesTest extends StubRegistryTestBase {
  private static final String V1 = """
      {"type":"record","name":"Customer","namespace":"com.example","fields":[
        {"name":"name","type":"string"},{"name":"ssn","type":"string"},
        {"name":"nick","type":["null","string"],"default":null}]}""";
  private static final String V2 = """
      {"type":"record","name":"Customer","namespace":"com.example","fields":[
        {"name":"name","type":"string"},{"name":"socialSecurityNumber","type":"string"},
        {"name":"nick","type":["null","string"],"default":null}]}""";
  private static final String V3 = V2.replace("\"default\":null}", "\"default\":null},"
      + "{\"name\":\"tier\",\"type\":\"int\",\"default\":1}");
  private static final Map<String, Object> MIGRATIONS = Map.of("migrationRules", List.of(
      rule("upgradeSsn", "TRANSFORM", "UPGRADE", "JSONATA",
          "$merge([$sift($, function($v, $k) {$k != 'ssn'}), {'socialSecurityNumber': $.'ssn'}])"),
      rule("downgradeSsn", "TRANSFORM", "DOWNGRADE", "JSONATA",
          "$merge([$sift($, function($v, $k) {$k != 'socialSecurityNumber'}), {'ssn': $.'socialSecurityNumber'}])")));

  @BeforeEach
  void scriptVersions() {
    stub.on("GET /schemas/ids/1", Response.ok(version(V1, 1, 1, null)));
    stub.on("GET /schemas/ids/1?subject=customers-value", Response.ok(version(V1, 1, 1, null)));
    stub.on("GET /schemas/ids/2", Response.ok(version(V2, 2, 2, MIGRATIONS)));
    stub.on("GET /schemas/ids/2?subject=customers-value", Response.ok(version(V2, 2, 2, MIGRATIONS)));
    stub.on("GET /subjects/customers-value/versions/1", Response.ok(version(V1, 1, 1, null)));
    stub.on("GET /subjects/customers-value/versions/2", Response.ok(version(V2, 2, 2, MIGRATIONS)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"compiled", "fallback", "async"})
  void oldDataIsUpgradedToTheLatestMajorVersion(String mode) throws Exception {
    stub.on("GET /subjects/customers-value/versions/latest", Response.ok(version(V2, 2, 2, MIGRATIONS)));
    stub.on("POST /subjects/customers-value?normalize=false", Response.ok(version(V1, 1, 1, null)));

    GenericRecord read = (GenericRecord) deserializer(registry, "use.latest.version", "true",
        "kavro.reader.mode", mode).deserialize("customers", framed(1, customer(V1, "ssn", "ann", "123", "a")));

    assertEquals(new Schema.Parser().parse(V2), read.getSchema());
    assertEquals("123", read.get("socialSecurityNumber").toString());
    assertEquals("ann", read.get("name").toString());
    assertEquals("a", read.get("nick").toString());
  }

  @Test
  void newDataIsDowngradedForAReaderPinnedToTheOldMajorVersion() throws Exception {
    stub.on("GET /subjects/customers-value/metadata?key=major_version&value=1&deleted=false",
        Response.ok(version(V1, 1, 1, null)));
    stub.on("POST /subjects/customers-value?normalize=false", Response.ok(version(V2, 2, 2, MIGRATIONS)));

    GenericRecord read = (GenericRecord) deserializer(registry, "use.latest.with.metadata", "major_version=1")
        .deserialize("customers", framed(2, customer(V2, "socialSecurityNumber", "bob", "456", null)));

    assertEquals(new Schema.Parser().parse(V1), read.getSchema());
    assertEquals("456", read.get("ssn").toString());
    assertNull(read.get("nick"));
  }

  @Test
  void migrationsChainThroughIntermediateVersions() throws Exception {
    // v3 carries v2's rule set (Confluent copies it forward); only v2's upgrade applies between v1 and v2.
    stub.on("GET /subjects/customers-value/versions/latest", Response.ok(version(V3, 3, 3, null)));
    stub.on("POST /subjects/customers-value?normalize=false", Response.ok(version(V1, 1, 1, null)));
    stub.on("GET /schemas/ids/1", Response.ok(version(V1, 1, 1, MIGRATIONS)));
    stub.on("GET /schemas/ids/1?subject=customers-value", Response.ok(version(V1, 1, 1, MIGRATIONS)));

    GenericRecord read = (GenericRecord) deserializer(registry, "use.latest.version", "true")
        .deserialize("customers", framed(1, customer(V1, "ssn", "cy", "789", null)));

    assertEquals("789", read.get("socialSecurityNumber").toString());
    assertEquals(1, read.get("tier"));
  }

  @Test
  void aMigrationRuleKavroCannotRunFailsClosed() throws Exception {
    assertUpgradeFails(rule("celUpgrade", "TRANSFORM", "UPGRADE", "CEL", "message"), "celUpgrade", "migration");
  }

  @Test
  void aFailingMigrationNamesItsRule() throws Exception {
    assertUpgradeFails(rule("badUpgrade", "TRANSFORM", "UPGRADE", "JSONATA", "$nosuchfunction("), "badUpgrade",
        "UPGRADE");
  }

  private void assertUpgradeFails(Map<String, Object> migrationRule, String... mentioned) throws Exception {
    stub.on("GET /subjects/customers-value/versions/latest",
        Response.ok(version(V2, 2, 2, Map.of("migrationRules", List.of(migrationRule)))));
    stub.on("POST /subjects/customers-value?normalize=false", Response.ok(version(V1, 1, 1, null)));
    byte[] v1 = framed(1, customer(V1, "ssn", "ann", "123", null));

    SerializationException e = assertThrows(SerializationException.class,
        () -> deserializer(registry, "use.latest.version", "true").deserialize("customers", v1));

    for (String word : mentioned) {
      assertTrue(e.getMessage().contains(word), e.getMessage());
    }
  }

  private static Map<String, Object> version(String schema, int id, int version, Map<String, Object> ruleSet) {
    Map<String, Object> body = new LinkedHashMap<>(RulesFixtures.schema(schema, id, version,
        Map.of("properties", Map.of("major_version", String.valueOf(version == 3 ? 2 : version))), ruleSet));
    body.put("subject", "customers-value");
    return body;
  }

  private static GenericRecord customer(String schema, String ssnField, String name, String ssn, String nick) {
    GenericRecord record = new GenericData.Record(new Schema.Parser().parse(schema));
    record.put("name", name);
    record.put(ssnField, ssn);
    record.put("nick", nick);
    return record;
  }
}
