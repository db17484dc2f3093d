package dev.kavro.registry;

import static dev.kavro.registry.RegistryFixtures.ORDER;
import static dev.kavro.registry.RegistryFixtures.USER;
import static dev.kavro.registry.RegistryFixtures.USER_REORDERED;
import static dev.kavro.registry.RegistryFixtures.reference;
import static dev.kavro.registry.RegistryFixtures.schemaString;
import static dev.kavro.registry.RegistryFixtures.version;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kavro.registry.StubRegistry.Response;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class RestSchemaRegistryTest extends StubClientTestBase {
  @Test
  void fetchesSchemaByIdWithConfluentContentTypeAndCachesIt() {
    stub.on("GET /schemas/ids/7", Response.ok(schemaString(USER)));

    Schema schema = registry.schemaById(7);
    Schema again = registry.schemaById(7);

    assertEquals(new Schema.Parser().parse(USER), schema);
    assertSame(schema, again);
    assertEquals(1, stub.count("GET /schemas/ids/7"));
    StubRegistry.Request request = stub.requests().get(0);
    assertEquals("application/vnd.schemaregistry.v1+json", request.header("Content-Type"));
    assertEquals("application/vnd.schemaregistry.v1+json, application/json", request.header("Accept"));
  }

  @Test
  void acceptsPlainJsonFromABasePathWithTrailingSlash() {
    registry.close();
    registry = clients.create(stub.url() + "/apis/ccompat/v7/");
    stub.on("GET /apis/ccompat/v7/schemas/ids/3",
        Response.raw(200, "application/json", StubRegistry.write(schemaString(USER_REORDERED))));

    assertEquals(new Schema.Parser().parse(USER), registry.schemaById(3));
  }

  @Test
  void rejectsAnHtmlPageInsteadOfJson() {
    stub.on("GET /schemas/ids/3", Response.raw(200, "text/html", "<html>Apicurio</html>"));

    RegistryException e = assertThrows(RegistryException.class, () -> registry.schemaById(3));

    assertEquals(RegistryJson.JSON_PARSE_ERROR_CODE, e.errorCode());
    assertTrue(e.getMessage().contains("text/html"), e.getMessage());
  }

  @Test
  void fetchesSchemaByGuid() {
    UUID guid = UUID.fromString("6f1c4a3e-8a2b-4c1d-9e0f-1a2b3c4d5e6f");
    stub.on("GET /schemas/guids/" + guid, Response.ok(schemaString(USER)));

    assertEquals(new Schema.Parser().parse(USER), registry.schemaByGuid(guid));
    registry.schemaByGuid(guid);

    assertEquals(1, stub.requests().size());
  }

  @Test
  void registersAvroWithNormalizeFlagAndWithoutEmptyReferences() {
    stub.on("POST /subjects/users-value/versions?normalize=true", Response.ok(Map.of("id", 42)));

    int id = registry.register("users-value", USER, List.of(), true);

    assertEquals(42, id);
    JsonNode body = stub.requests().get(0).json();
    assertEquals(USER, body.get("schema").asText());
    assertEquals("AVRO", body.get("schemaType").asText());
    assertFalse(body.has("references"), body.toString());
  }

  @Test
  void registerCachesByParsedSchemaSoReorderedTextMakesNoSecondCall() {
    stub.on("POST /subjects/users-value/versions?normalize=false", Response.ok(Map.of("id", 5)));

    assertEquals(5, registry.register("users-value", USER, List.of(), false));
    assertEquals(5, registry.register("users-value", USER_REORDERED, List.of(), false));
    assertEquals(5, registry.register("users-value", new Schema.Parser().parse(USER), false));

    assertEquals(1, stub.requests().size());
  }

  @Test
  void registerInvalidatesTheSubjectsLatestVersion() {
    stub.on("GET /subjects/users-value/versions/latest",
        Response.ok(version("users-value", 1, 5, USER)), Response.ok(version("users-value", 2, 6, ORDER)));
    stub.on("POST /subjects/users-value/versions?normalize=false", Response.ok(Map.of("id", 6)));

    assertEquals(5, registry.latest("users-value").id());
    registry.register("users-value", ORDER, List.of(), false);

    assertEquals(6, registry.latest("users-value").id());
  }

  @Test
  void registerConflictIs409WithErrorCode() {
    stub.on("POST /subjects/users-value/versions?normalize=false",
        Response.error(409, 40901, "Schema being registered is incompatible with an earlier schema"));

    RegistryException e =
        assertThrows(RegistryException.class, () -> registry.register("users-value", USER, List.of(), false));

    assertEquals(409, e.status());
    assertEquals(40901, e.errorCode());
    assertTrue(e.getMessage().contains("incompatible"), e.getMessage());
    assertEquals(1, stub.requests().size());
  }

  @Test
  void lookupMapsReorderedTextToTheSameCacheEntry() {
    stub.on("POST /subjects/users-value?normalize=false",
        Response.ok(version("users-value", 3, 9, USER_REORDERED)));

    RegisteredSchema first = registry.lookup("users-value", USER, List.of(), false);
    RegisteredSchema second = registry.lookup("users-value", USER_REORDERED, List.of(), false);

    assertEquals(9, first.id());
    assertEquals(3, first.version());
    assertEquals("users-value", first.subject());
    assertEquals(new Schema.Parser().parse(USER), first.schema());
    assertSame(first, second);
    assertEquals(1, stub.requests().size());
    assertEquals("AVRO", stub.requests().get(0).json().get("schemaType").asText());
  }

  @Test
  void lookupOfAnUnknownSchemaIsNotFoundAndNotCached() {
    stub.on("POST /subjects/users-value?normalize=false", Response.error(404, 40403, "Schema not found"),
        Response.ok(version("users-value", 1, 9, USER)));

    RegistryException e =
        assertThrows(RegistryException.class, () -> registry.lookup("users-value", USER, List.of(), false));
    assertTrue(e.isNotFound());
    assertEquals(40403, e.errorCode());

    assertEquals(9, registry.lookup("users-value", USER, List.of(), false).id());
    assertEquals(2, stub.requests().size());
  }

  @Test
  void schemaByIdNotFoundCarries40403AndIsRetriedOnTheNextCall() {
    stub.on("GET /schemas/ids/99", Response.error(404, 40403, "Schema 99 not found"));

    RegistryException e = assertThrows(RegistryException.class, () -> registry.schemaById(99));
    assertThrows(RegistryException.class, () -> registry.schemaById(99));

    assertEquals(404, e.status());
    assertEquals(40403, e.errorCode());
    assertTrue(e.isNotFound());
    assertFalse(e.isTimeout());
    assertEquals(2, stub.requests().size(), "a 404 is neither retried nor cached");
  }

  @Test
  void errorBodyThatIsNotJsonGetsCode50005() {
    stub.on("GET /schemas/ids/1", Response.raw(403, "text/plain", "Forbidden by proxy"));

    RegistryException e = assertThrows(RegistryException.class, () -> registry.schemaById(1));

    assertEquals(403, e.status());
    assertEquals(50005, e.errorCode());
    assertTrue(e.getMessage().contains("Forbidden by proxy"), e.getMessage());
  }

  @Test
  void latestIsCachedForTheTtlThenFetchedAgain() {
    AtomicLong nanos = new AtomicLong();
    clients.ticker = nanos::get;
    registry.close();
    registry = clients.create(stub.url(), RegistryClientConfig.LATEST_CACHE_TTL_SEC_CONFIG, 60);
    stub.on("GET /subjects/users-value/versions/latest",
        Response.ok(version("users-value", 1, 5, USER)), Response.ok(version("users-value", 2, 6, ORDER)));

    assertEquals(5, registry.latest("users-value").id());
    nanos.addAndGet(Duration.ofSeconds(59).toNanos());
    assertEquals(5, registry.latest("users-value").id());
    assertEquals(1, stub.requests().size());

    nanos.addAndGet(Duration.ofSeconds(2).toNanos());
    RegisteredSchema latest = registry.latest("users-value");

    assertEquals(6, latest.id());
    assertEquals(2, latest.version());
    assertEquals(new Schema.Parser().parse(ORDER), latest.schema());
    assertEquals(2, stub.requests().size());
  }

  @Test
  void latestNeverExpiresByDefaultAsInConfluentsSerde() {
    AtomicLong nanos = new AtomicLong();
    clients.ticker = nanos::get;
    registry.close();
    registry = clients.create(stub.url());
    stub.on("GET /subjects/s/versions/latest", Response.ok(version("s", 1, 5, USER)));

    registry.latest("s");
    nanos.addAndGet(Duration.ofDays(30).toNanos());
    registry.latest("s");

    assertEquals(1, stub.requests().size());
  }

  @Test
  void fetchesAVersionWithTheSubjectUrlEncoded() {
    stub.on("GET /subjects/my%20topic%2Fv-value/versions/2", Response.ok(version("my topic/v-value", 2, 11, USER)));

    RegisteredSchema v2 = registry.version("my topic/v-value", 2);
    registry.version("my topic/v-value", 2);

    assertEquals(11, v2.id());
    assertEquals(2, v2.version());
    assertEquals("my topic/v-value", v2.subject());
    assertEquals(1, stub.requests().size());
  }

  @Test
  void resolvesReferencesTwoLevelsDeep() {
    String country = "{\"type\":\"enum\",\"name\":\"Country\",\"namespace\":\"t\",\"symbols\":[\"NL\",\"FR\"]}";
    String address = "{\"type\":\"record\",\"name\":\"Address\",\"namespace\":\"t\",\"fields\":"
        + "[{\"name\":\"country\",\"type\":\"t.Country\"}]}";
    String customer = "{\"type\":\"record\",\"name\":\"Customer\",\"namespace\":\"t\",\"fields\":"
        + "[{\"name\":\"home\",\"type\":\"t.Address\"},{\"name\":\"born\",\"type\":\"t.Country\"}]}";
    stub.on("GET /schemas/ids/30", Response.ok(Map.of("schema", customer, "references",
        List.of(reference("t.Address", "address", 1), reference("t.Country", "country", 1)))));
    stub.on("GET /subjects/address/versions/1",
        Response.ok(version("address", 1, 20, address, reference("t.Country", "country", 1))));
    stub.on("GET /subjects/country/versions/1", Response.ok(version("country", 1, 10, country)));

    Schema schema = registry.schemaById(30);

    Schema home = schema.getField("home").schema();
    assertEquals("t.Address", home.getFullName());
    assertEquals(List.of("NL", "FR"), home.getField("country").schema().getEnumSymbols());
    assertSame(home.getField("country").schema(), schema.getField("born").schema());
    assertEquals(1, stub.count("GET /subjects/country/versions/1"), "resolved versions are cached");
    assertEquals(10, registry.version("country", 1).id());
    assertEquals(3, stub.requests().size());
  }

  @Test
  void registersWithReferences() {
    String address = "{\"type\":\"record\",\"name\":\"Address\",\"namespace\":\"t\",\"fields\":"
        + "[{\"name\":\"city\",\"type\":\"string\"}]}";
    String customer = "{\"type\":\"record\",\"name\":\"Customer\",\"namespace\":\"t\",\"fields\":"
        + "[{\"name\":\"home\",\"type\":\"t.Address\"}]}";
    stub.on("GET /subjects/address/versions/4", Response.ok(version("address", 4, 20, address)));
    stub.on("POST /subjects/customer-value/versions?normalize=false", Response.ok(Map.of("id", 21)));

    int id = registry.register("customer-value", customer, List.of(new SchemaReference("t.Address", "address", 4)),
        false);

    assertEquals(21, id);
    JsonNode body = stub.requests().get(1).json();
    assertEquals("t.Address", body.get("references").get(0).get("name").asText());
    assertEquals("address", body.get("references").get(0).get("subject").asText());
    assertEquals(4, body.get("references").get(0).get("version").asInt());
  }

  @Test
  void cyclicReferencesFailInsteadOfRecursingForever() {
    String a = "{\"type\":\"record\",\"name\":\"A\",\"fields\":[{\"name\":\"b\",\"type\":[\"null\",\"B\"]}]}";
    String b = "{\"type\":\"record\",\"name\":\"B\",\"fields\":[{\"name\":\"a\",\"type\":[\"null\",\"A\"]}]}";
    stub.on("GET /subjects/a/versions/1", Response.ok(version("a", 1, 1, a, reference("B", "b", 1))));
    stub.on("GET /subjects/b/versions/1", Response.ok(version("b", 1, 2, b, reference("A", "a", 1))));

    RegistryException e = assertThrows(RegistryException.class, () -> registry.version("a", 1));

    assertTrue(e.getMessage().contains("cycle"), e.getMessage());
  }

  @Test
  void rejectsSchemasThatAreNotAvro() {
    stub.on("GET /schemas/ids/4", Response.ok(Map.of("schema", "syntax = \"proto3\";", "schemaType", "PROTOBUF")));

    RegistryException e = assertThrows(RegistryException.class, () -> registry.schemaById(4));

    assertTrue(e.getMessage().contains("PROTOBUF"), e.getMessage());
  }
}
