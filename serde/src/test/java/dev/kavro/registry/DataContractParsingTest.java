package dev.kavro.registry;

import static dev.kavro.registry.RegistryFixtures.USER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kavro.registry.StubRegistry.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The registry client keeps {@code metadata} and {@code ruleSet} (Confluent's JSON shapes) and sends them. */
@Timeout(30)
class DataContractParsingTest extends StubClientTestBase {
  private static final Map<String, Object> METADATA = Map.of(
      "tags", Map.of("t.User.name", List.of("PII")),
      "properties", Map.of("owner", "team-a", "major_version", "2"),
      "sensitive", List.of("owner"));
  private static final Map<String, Object> RULE_SET = Map.of(
      "domainRules", List.of(Map.ofEntries(Map.entry("name", "mask"), Map.entry("doc", "masks PII"),
          Map.entry("kind", "TRANSFORM"), Map.entry("mode", "WRITEREAD"), Map.entry("type", "CEL_FIELD"),
          Map.entry("tags", List.of("PII")), Map.entry("params", Map.of("k", "v")), Map.entry("expr", "'x'"),
          Map.entry("onSuccess", "NONE"), Map.entry("onFailure", "DLQ,ERROR"), Map.entry("disabled", true))),
      "migrationRules", List.of(Map.of("name", "up", "kind", "TRANSFORM", "mode", "UPGRADE", "type", "JSONATA",
          "expr", "$")),
      "encodingRules", List.of(Map.of("name", "enc", "kind", "SOMETHING_NEW", "mode", "WRITEREAD",
          "type", "ENCRYPT_PAYLOAD")));

  @Test
  void aSchemaByIdKeepsEveryPartOfItsContractAndCachesIt() {
    stub.on("GET /schemas/ids/5", Response.ok(body(5, 1, METADATA, RULE_SET)));

    SchemaContract contract = registry.contractById(5);

    assertEquals(new Schema.Parser().parse(USER), registry.schemaById(5));
    assertEquals(Set.of("PII"), contract.metadata().tags().get("t.User.name"));
    assertEquals("team-a", contract.metadata().property("owner"));
    assertEquals(Set.of("owner"), contract.metadata().sensitive());
    Rule mask = contract.ruleSet().domainRules().get(0);
    assertEquals(new Rule("mask", "masks PII", "TRANSFORM", "WRITEREAD", "CEL_FIELD", Set.of("PII"),
        Map.of("k", "v"), "'x'", "NONE", "DLQ,ERROR", true), mask);
    assertEquals("UPGRADE", contract.ruleSet().migrationRules().get(0).mode());
    // A kind the client does not know is kept, so the serde can fail on it rather than drop it.
    assertEquals("SOMETHING_NEW", contract.ruleSet().encodingRules().get(0).kind());
    assertSame(contract, registry.contractById(5));
    assertEquals(1, stub.count("GET /schemas/ids/5"));
  }

  @Test
  void aSchemaWithoutContractHasNone() {
    stub.on("GET /schemas/ids/6", Response.ok(body(6, 1, null, null)));

    assertSame(SchemaContract.NONE, registry.contractById(6));
    assertFalse(registry.contractById(6).hasRules());
  }

  @Test
  void versionsLookupsAndRegistrationsCarryTheContract() {
    stub.on("GET /subjects/s/versions/latest", Response.ok(body(7, 3, METADATA, RULE_SET)));
    stub.on("POST /subjects/s?normalize=false", Response.ok(body(7, 3, METADATA, RULE_SET)));
    stub.on("POST /subjects/s/versions?normalize=false", Response.ok(body(7, 3, METADATA, RULE_SET)));
    Schema user = new Schema.Parser().parse(USER);

    assertEquals("mask", registry.latest("s").contract().ruleSet().domainRules().get(0).name());
    assertEquals("2", registry.lookup("s", user, false).contract().metadata().property("major_version"));
    RegisteredSchema registered = registry.registerWithResponse("s", user, false);
    assertEquals(7, registered.id());
    assertEquals(3, registered.version());
    assertTrue(registered.contract().hasRules());
  }

  @Test
  void registeringWithAContractSendsItInConfluentsShape() {
    stub.on("POST /subjects/s/versions?normalize=false", Response.ok(Map.of("id", 9)));
    SchemaContract contract = new SchemaContract(
        new Metadata(null, Map.of("major_version", "3"), null),
        new RuleSet(List.of(), List.of(new Rule("check", null, "CONDITION", "WRITE", "CEL", null, null,
            "message.age > 0", null, null, false))));

    assertEquals(9, registry.register("s", USER, List.of(), false, contract));

    JsonNode sent = stub.requests().get(0).json();
    assertEquals("3", sent.path("metadata").path("properties").path("major_version").asText());
    JsonNode rule = sent.path("ruleSet").path("domainRules").get(0);
    assertEquals("check", rule.path("name").asText());
    assertEquals("CONDITION", rule.path("kind").asText());
    assertEquals("message.age > 0", rule.path("expr").asText());
    assertTrue(sent.path("ruleSet").path("migrationRules").isMissingNode());
  }

  @Test
  void aPlainRegistrationSendsNoContract() {
    stub.on("POST /subjects/s/versions?normalize=false", Response.ok(Map.of("id", 9)));

    assertEquals(9, registry.register("s", new Schema.Parser().parse(USER), false));

    JsonNode sent = stub.requests().get(0).json();
    assertTrue(sent.path("metadata").isMissingNode() && sent.path("ruleSet").isMissingNode(), sent.toString());
    assertSame(SchemaContract.NONE, registry.registerWithResponse("s", new Schema.Parser().parse(USER), false)
        .contract());
  }

  @Test
  void latestWithMetadataAsksWithKeyValuePairsAndCachesTheAnswer() {
    String route = "GET /subjects/s/metadata?key=app&value=v%201&key=major_version&value=2&deleted=false";
    stub.on(route, Response.ok(body(4, 2, METADATA, null)));
    Map<String, String> wanted = new LinkedHashMap<>();
    wanted.put("major_version", "2");
    wanted.put("app", "v 1");

    RegisteredSchema found = registry.latestWithMetadata("s", wanted);

    assertEquals(4, found.id());
    assertEquals(2, found.version());
    assertSame(found, registry.latestWithMetadata("s", wanted));
    assertEquals(1, stub.count(route));
  }

  @Test
  void theMockRegistryStoresContractsAndInheritsTheLatestOne() {
    MockSchemaRegistry mock = new MockSchemaRegistry();
    SchemaContract v1 = new SchemaContract(new Metadata(null, Map.of("major_version", "1"), null), null);
    int first = mock.register("s", USER, List.of(), false, v1);

    assertEquals(v1, mock.contractById(first));
    assertEquals(first, mock.register("s", USER, List.of(), false));
    assertEquals(first, mock.latestWithMetadata("s", Map.of("major_version", "1")).id());
    RegistryException e = assertThrows(RegistryException.class,
        () -> mock.latestWithMetadata("s", Map.of("major_version", "2")));
    assertEquals(404, e.status());
    assertNull(mock.contractById(first).ruleSet());
  }

  private static Map<String, Object> body(int id, int version, Map<String, Object> metadata,
      Map<String, Object> ruleSet) {
    Map<String, Object> body = new LinkedHashMap<>(RegistryFixtures.version("s", version, id, USER));
    if (metadata != null) {
      body.put("metadata", metadata);
    }
    if (ruleSet != null) {
      body.put("ruleSet", ruleSet);
    }
    return body;
  }
}
