package dev.kavro.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kavro.serde.ContextNameStrategy;
import dev.kavro.serde.KavroDeserializer;
import dev.kavro.serde.KavroSerializer;
import dev.kavro.wire.SchemaId;
import dev.kavro.wire.WireFormat;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Contexts and header ids against the real registry: ids looked up with {@code ?subject=}, qualified {@code :.ctx:}
 * subjects from a context strategy, and GUID header ids, which work where the server returns GUIDs and fail loudly
 * where it does not (Apicurio 3.3.3's ccompat API has no {@code guid}).
 */
@ExtendWith(RealServers.class)
class RegistryContextsIT {
  private static final Schema READING = new Schema.Parser().parse("""
      {"type":"record","name":"Reading","namespace":"dev.kavro.it.ctx","fields":[
        {"name":"sensor","type":"string"},{"name":"value","type":"double"}]}""");
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Topics starting with {@code ctx-} live in the context {@code it}. */
  public static final class ItContext implements ContextNameStrategy {
    @Override
    public String contextName(String topic) {
      return topic.startsWith("ctx-") ? "it" : null;
    }
  }

  private static GenericRecord reading(double value) {
    GenericRecord r = new GenericData.Record(READING);
    r.put("sensor", "s-" + value);
    r.put("value", value);
    return r;
  }

  private static Map<String, Object> config(ServerPair servers, Object... keyValues) {
    Map<String, Object> config = new HashMap<>();
    config.put("schema.registry.url", servers.registryUrl());
    for (int i = 0; i < keyValues.length; i += 2) {
      config.put((String) keyValues[i], keyValues[i + 1]);
    }
    return config;
  }

  @Test
  void idsAreLookedUpWithTheSubjectAndRoundTrip(ServerPair servers) {
    String topic = "subj-" + UUID.randomUUID();
    try (KavroSerializer s = new KavroSerializer(); KavroDeserializer d = new KavroDeserializer()) {
      s.configure(config(servers), false);
      d.configure(config(servers), false);
      byte[] bytes = s.serialize(topic, reading(1.5));
      assertEquals(reading(1.5), d.deserialize(topic, bytes));
    }
  }

  @Test
  void aContextStrategyRegistersQualifiedSubjectsAndReadsThemBack(ServerPair servers) throws Exception {
    String topic = "ctx-" + UUID.randomUUID();
    Map<String, Object> config = config(servers, "context.name.strategy", ItContext.class.getName());
    byte[] bytes;
    try (KavroSerializer s = new KavroSerializer(); KavroDeserializer d = new KavroDeserializer()) {
      s.configure(config, false);
      d.configure(config, false);
      bytes = s.serialize(topic, reading(2.5));
      assertEquals(reading(2.5), d.deserialize(topic, bytes));
    }
    // The registry knows the schema under the qualified subject that Confluent's serializer would use.
    String subject = ":.it:" + topic + "-value";
    HttpResponse<String> latest = get(servers.registryUrl() + "/subjects/"
        + URLEncoder.encode(subject, StandardCharsets.UTF_8) + "/versions/latest");
    assertEquals(200, latest.statusCode(), latest::body);
    assertEquals(WireFormat.readInt(bytes, 1), JSON.readTree(latest.body()).get("id").asInt());
  }

  @Test
  void headerIdsNeedTheRegistrysGuid(ServerPair servers) throws Exception {
    String topic = "hdr-" + UUID.randomUUID();
    Map<String, Object> config = config(servers, "value.schema.id.serializer",
        "io.confluent.kafka.serializers.schema.id.HeaderSchemaIdSerializer");
    try (KavroSerializer s = new KavroSerializer(); KavroDeserializer d = new KavroDeserializer()) {
      s.configure(config, false);
      d.configure(config, false);
      RecordHeaders headers = new RecordHeaders();
      JsonNode registered = register(servers, topic + "-value");
      if (registered.hasNonNull("guid")) {
        byte[] payload = s.serialize(topic, headers, reading(3.5));
        UUID guid = UUID.fromString(registered.get("guid").asText());
        assertArrayEquals(WireFormat.toBytes(SchemaId.ofGuid(guid)), headers.lastHeader("__value_schema_id").value());
        assertEquals(reading(3.5), d.deserialize(topic, headers, payload));
      } else {
        SerializationException e = assertThrows(SerializationException.class,
            () -> s.serialize(topic, headers, reading(3.5)));
        assertTrue(e.getMessage().contains("Schema GUID is null"), e.getMessage());
        assertEquals(0, headers.toArray().length);
      }
    }
  }

  private static JsonNode register(ServerPair servers, String subject) throws Exception {
    HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
            servers.registryUrl() + "/subjects/" + subject + "/versions"))
        .timeout(Duration.ofSeconds(30))
        .header("Content-Type", "application/vnd.schemaregistry.v1+json")
        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("schema", READING.toString()))))
        .build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode(), response::body);
    JsonNode body = JSON.readTree(response.body());
    assertNotNull(body.get("id"), response.body());
    return body;
  }

  private static HttpResponse<String> get(String url) throws Exception {
    return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
        .build(), HttpResponse.BodyHandlers.ofString());
  }
}
