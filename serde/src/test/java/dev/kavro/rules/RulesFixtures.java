package dev.kavro.rules;

import dev.kavro.registry.RestSchemaRegistry;
import dev.kavro.registry.StubRegistry;
import dev.kavro.serde.KavroDeserializer;
import dev.kavro.serde.KavroSerializer;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/** Schemas, rules in Confluent's JSON shape, and serdes talking to a {@link StubRegistry} on 127.0.0.1. */
final class RulesFixtures {
  static final String USER = """
      {"type":"record","name":"User","namespace":"com.example","fields":[
        {"name":"name","type":"string"},
        {"name":"ssn","type":"string","confluent:tags":["PII"]},
        {"name":"email","type":["null","string"],"default":null},
        {"name":"age","type":"int"}]}""";
  static final Schema USER_SCHEMA = new Schema.Parser().parse(USER);

  private RulesFixtures() {}

  /** A rule as Confluent's REST API carries it; {@code extra} adds fields (tags, params, onFailure, ...). */
  static Map<String, Object> rule(String name, String kind, String mode, String type, String expr,
      Object... extra) {
    Map<String, Object> rule = new LinkedHashMap<>();
    rule.put("name", name);
    rule.put("kind", kind);
    rule.put("mode", mode);
    rule.put("type", type);
    if (expr != null) {
      rule.put("expr", expr);
    }
    for (int i = 0; i < extra.length; i += 2) {
      rule.put((String) extra[i], extra[i + 1]);
    }
    return rule;
  }

  static Map<String, Object> domainRules(Object... rules) {
    return Map.of("domainRules", List.of(rules));
  }

  /** A schema response ({@code GET /schemas/ids/n}, a version, or a register answer). */
  static Map<String, Object> schema(String text, int id, int version, Map<String, ?> metadata,
      Map<String, ?> ruleSet) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("subject", "users-value");
    body.put("id", id);
    body.put("version", version);
    body.put("schema", text);
    if (metadata != null) {
      body.put("metadata", metadata);
    }
    if (ruleSet != null) {
      body.put("ruleSet", ruleSet);
    }
    return body;
  }

  /** Scripts the stub so that registering USER under users-value answers id 1 with {@code ruleSet}. */
  static void serveUser(StubRegistry stub, Map<String, ?> metadata, Map<String, ?> ruleSet) {
    StubRegistry.Response answer = StubRegistry.Response.ok(schema(USER, 1, 1, metadata, ruleSet));
    stub.on("POST /subjects/users-value/versions?normalize=false", answer);
    stub.on("GET /schemas/ids/1", answer);
    stub.on("GET /schemas/ids/1?subject=users-value", answer);
  }

  static GenericRecord user(String name, String ssn, String email, int age) {
    GenericRecord user = new GenericData.Record(USER_SCHEMA);
    user.put("name", name);
    user.put("ssn", ssn);
    user.put("email", email);
    user.put("age", age);
    return user;
  }

  static RestSchemaRegistry client(StubRegistry stub) {
    return new RestSchemaRegistry(Map.of("schema.registry.url", stub.url()));
  }

  static KavroSerializer serializer(RestSchemaRegistry registry, Object... keyValues) {
    KavroSerializer serializer = new KavroSerializer(registry);
    serializer.configure(configs(keyValues), false);
    return serializer;
  }

  static KavroDeserializer deserializer(RestSchemaRegistry registry, Object... keyValues) {
    KavroDeserializer deserializer = new KavroDeserializer(registry);
    deserializer.configure(configs(keyValues), false);
    return deserializer;
  }

  static Map<String, Object> configs(Object... keyValues) {
    Map<String, Object> configs = new HashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      configs.put((String) keyValues[i], keyValues[i + 1]);
    }
    return configs;
  }

  /** The framed bytes of {@code user} with schema id {@code id}, written without any rule (plain Avro). */
  static byte[] framed(int id, GenericRecord user) throws java.io.IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    out.write(0);
    out.write(ByteBuffer.allocate(4).putInt(id).array());
    org.apache.avro.io.BinaryEncoder encoder = org.apache.avro.io.EncoderFactory.get().binaryEncoder(out, null);
    new org.apache.avro.generic.GenericDatumWriter<Object>(user.getSchema()).write(user, encoder);
    encoder.flush();
    return out.toByteArray();
  }
}
