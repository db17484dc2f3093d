package dev.kavro.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kavro.avro.CompileMode;
import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.AvroToConnectSchema;
import dev.kavro.connect.data.ConnectToAvroSchema;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.serde.KavroSerdeConfig;
import dev.kavro.wire.WireFormat;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.connect.data.ConnectSchema;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.storage.ConverterConfig;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Replays the golden corpus recorded from Confluent 8.3.1's {@code AvroData} and {@code AvroConverter}
 * ({@code src/test/resources/confluent-avrodata}, see its README) through Kavro, in both directions, on the generic
 * reference path and on the interpreter in every compile mode. Compared: the Connect schema (type, optional, name,
 * version, doc, parameters in order, default), the Connect value, the Avro schema text with its property order, and
 * the Avro body bytes.
 *
 * <p>Exactly two kinds of difference are allowed, and both are counted and printed: Kavro returns a result that
 * validates against its own schema where Confluent threw, and Avro map entries written in another order (Confluent
 * iterates a {@code HashMap}) when the decoded data is equal. Everything else fails the test.
 */
class ConfluentCorpusTest {
  private static final String TOPIC_DEFAULT = "conformance";
  private static final HexFormat HEX = HexFormat.of();

  /**
   * Every way Kavro's converter can read and write: the generic reference path with the core's readers and writers
   * on their fallback and compiled, and the interpreter (Connect has no compiled code) in every compile
   * mode, which must all be accepted.
   */
  enum Run {
    GENERIC(ConverterPaths.GENERIC, CompileMode.FALLBACK),
    GENERIC_COMPILED(ConverterPaths.GENERIC, CompileMode.COMPILED),
    COMPILED(ConverterPaths.INTERPRETER, CompileMode.COMPILED),
    FALLBACK(ConverterPaths.INTERPRETER, CompileMode.FALLBACK),
    ASYNC(ConverterPaths.INTERPRETER, CompileMode.ASYNC);

    final ConverterPaths paths;
    final CompileMode mode;

    Run(ConverterPaths paths, CompileMode mode) {
      this.paths = paths;
      this.mode = mode;
    }
  }

  /** Counts of one replay; {@code failures} must stay empty. */
  static final class Tally {
    int cases;
    int equal;
    final Map<String, List<String>> allowed = new TreeMap<>();
    final List<String> failures = new ArrayList<>();

    void allow(String kind, String caseId) {
      allowed.computeIfAbsent(kind, k -> new ArrayList<>()).add(caseId);
    }

    /** Kavro threw: equal where Confluent threw too, else a difference. */
    void threw(JsonNode line, Exception e) {
      if (line.has("error")) {
        equal++;
      } else {
        failures.add(line.get("case").asText() + ": threw " + e
            + (e.getCause() != null ? " caused by " + e.getCause() : ""));
      }
    }

    /** Confluent threw and Kavro did not: allowed when Kavro's result is valid ({@code check} passes). */
    void resultWhereConfluentThrew(JsonNode line, String outcome, Runnable check) {
      String id = line.get("case").asText();
      try {
        check.run();
        allow("Confluent threw " + line.get("error").asText() + ", Kavro " + outcome, id);
      } catch (RuntimeException e) {
        failures.add(id + ": Confluent threw " + line.get("message") + "; Kavro's result is not valid: " + e);
      }
    }

    int allowedCount() {
      return allowed.values().stream().mapToInt(List::size).sum();
    }

    String report(String title) {
      StringBuilder out = new StringBuilder(title).append(": cases ").append(cases).append(", equal ").append(equal)
          .append(", allowed ").append(allowedCount()).append(", different ").append(failures.size());
      allowed.forEach((kind, ids) -> out.append("\n  allowed (").append(kind).append(", ").append(ids.size())
          .append("): ").append(String.join(" ", ids)));
      failures.forEach(f -> out.append("\n  DIFFERENT ").append(f));
      return out.toString();
    }
  }

  @ParameterizedTest
  @EnumSource(Run.class)
  void avroToConnectMatchesConfluent(Run run) {
    replay("avro-to-connect.jsonl", "Avro -> Connect, " + run, (line, tally) -> replayAvroToConnect(line, run, tally));
  }

  @ParameterizedTest
  @EnumSource(Run.class)
  void connectToAvroMatchesConfluent(Run run) {
    replay("connect-to-avro.jsonl", "Connect -> Avro, " + run, (line, tally) -> replayConnectToAvro(line, run, tally));
  }

  /** Replays every line of {@code file}, prints the counts and the allowed cases, and fails on any difference. */
  private static void replay(String file, String title, java.util.function.BiConsumer<JsonNode, Tally> replayer) {
    Tally tally = new Tally();
    for (JsonNode line : lines(file)) {
      tally.cases++;
      replayer.accept(line, tally);
    }
    System.out.println(tally.report("Confluent corpus, " + title));
    assertEquals(List.of(), tally.failures, tally.report(title));
    assertTrue(tally.cases > 1000, "the corpus file " + file + " has over a thousand cases");
  }

  // ---- Avro -> Connect ----

  private static void replayAvroToConnect(JsonNode line, Run run, Tally tally) {
    String id = line.get("case").asText();
    org.apache.avro.Schema avro = new org.apache.avro.Schema.Parser().parse(line.get("avroSchema").toString());
    byte[] body = HEX.parseHex(line.get("avroValueHex").asText());
    SchemaAndValue result;
    try {
      result = "AvroConverter".equals(line.get("via").asText()) ? viaConverter(line, run, avro, body)
          : viaAvroData(line, run, avro, body);
    } catch (RuntimeException | IOException e) {
      tally.threw(line, e);
      return;
    }
    if (line.has("error")) {
      tally.resultWhereConfluentThrew(line, "returns a valid result", () -> {
        if (result != null) {
          ConnectSchema.validateValue(result.schema(), result.value());
        }
      });
      return;
    }
    if (line.path("nullResult").asBoolean()) {
      if (result == null) {
        tally.equal++;
      } else {
        tally.failures.add(id + ": Confluent returned null, Kavro " + describe(result));
      }
      return;
    }
    if (result == null) {
      tally.failures.add(id + ": Kavro returned null");
      return;
    }
    String difference = ConnectDescriptors.difference(line.get("connectSchema"),
        ConnectDescriptors.schema(result.schema()), "connectSchema");
    if (difference == null) {
      difference = ConnectDescriptors.difference(line.get("connectValue"),
          ConnectDescriptors.value(result.schema(), result.value()), "connectValue");
    }
    if (difference == null) {
      tally.equal++;
    } else {
      tally.failures.add(id + ": " + difference);
    }
  }

  /** {@code AvroData.toConnectData(schema, datum[, version])}: the Connect schema, then the interpreter. */
  private static SchemaAndValue viaAvroData(JsonNode line, Run run, org.apache.avro.Schema avro, byte[] body)
      throws IOException {
    AvroDataSettings settings = settings(line.get("config"));
    Integer version = line.has("version") ? line.get("version").asInt() : null;
    Schema connect = AvroToConnectSchema.convert(avro, version, settings);
    ConnectDecoder decoder = run.paths.decoders.decoder(avro, avro, connect, settings, run.mode);
    BinaryDecoder in = DecoderFactory.get().binaryDecoder(body, null);
    Object value = decoder.decode(in);
    if (!in.isEnd()) {
      throw new IllegalStateException("bytes left after decoding");
    }
    return value == null ? null : new SchemaAndValue(connect, value);
  }

  /** {@code AvroConverter.toConnectData(topic, bytes)} with the schema registered once under the topic's subject. */
  private static SchemaAndValue viaConverter(JsonNode line, Run run, org.apache.avro.Schema avro, byte[] body) {
    String topic = line.path("topic").asText(TOPIC_DEFAULT);
    MockSchemaRegistry registry = ConverterFixtures.freshRegistry();
    int schemaId = registry.register(topic + "-value", avro.toString(), List.of(), false);
    KavroConverter converter = converter(line, run, registry);
    ByteArrayOutputStream framed = new ByteArrayOutputStream();
    framed.writeBytes(WireFormat.idPrefix(schemaId));
    framed.writeBytes(body);
    return converter.toConnectData(topic, framed.toByteArray());
  }

  // ---- Connect -> Avro ----

  private static void replayConnectToAvro(JsonNode line, Run run, Tally tally) {
    String id = line.get("case").asText();
    Schema connect = ConnectDescriptors.toSchema(line.get("connectSchema"));
    Object value = ConnectDescriptors.toValue(connect, line.get("connectValue"));
    boolean viaConverter = "AvroConverter".equals(line.get("via").asText());
    org.apache.avro.Schema avro;
    byte[] body;
    try {
      if (viaConverter) {
        String topic = line.path("topic").asText(TOPIC_DEFAULT);
        MockSchemaRegistry registry = ConverterFixtures.freshRegistry();
        byte[] framed = converter(line, run, registry).fromConnectData(topic, connect, value);
        if (framed == null) {
          body = null;
          avro = null;
        } else {
          avro = registry.latest(topic + "-value").schema();
          body = java.util.Arrays.copyOfRange(framed, WireFormat.ID_PREFIX_LENGTH, framed.length);
        }
      } else {
        AvroDataSettings settings = settings(line.get("config"));
        avro = ConnectToAvroSchema.convert(connect, settings);
        ConnectEncoder encoder = run.paths.encoders.encoder(connect, avro, settings, run.mode);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BinaryEncoder binary = EncoderFactory.get().directBinaryEncoder(out, null);
        encoder.encode(value, binary);
        binary.flush();
        body = out.toByteArray();
      }
    } catch (RuntimeException | IOException e) {
      tally.threw(line, e);
      return;
    }
    if (line.has("error")) {
      byte[] written = body;
      org.apache.avro.Schema writtenSchema = avro;
      tally.resultWhereConfluentThrew(line, "writes valid Avro", () -> {
        if (written != null) {
          decode(writtenSchema, written);
        }
      });
      return;
    }
    if (line.path("nullResult").asBoolean()) {
      if (body == null) {
        tally.equal++;
      } else {
        tally.failures.add(id + ": Confluent returned null, Kavro wrote " + HEX.formatHex(body));
      }
      return;
    }
    if (body == null) {
      tally.failures.add(id + ": Kavro returned null");
      return;
    }
    String difference = ConnectDescriptors.difference(line.get("avroSchema"), json(avro.toString()), "avroSchema");
    if (difference != null) {
      tally.failures.add(id + ": " + difference);
      return;
    }
    String expectedHex = line.get("avroValueHex").asText();
    if (expectedHex.equals(HEX.formatHex(body))) {
      tally.equal++;
    } else if (Objects.equals(decode(avro, HEX.parseHex(expectedHex)), decode(avro, body))) {
      tally.allow("Avro map entries in another order, equal data", id);
    } else {
      tally.failures.add(id + ": body " + HEX.formatHex(body) + " but Confluent wrote " + expectedHex);
    }
  }

  private static Object decode(org.apache.avro.Schema avro, byte[] body) {
    try {
      BinaryDecoder in = DecoderFactory.get().binaryDecoder(body, null);
      Object datum = new GenericDatumReader<>(avro, avro, GenericData.get()).read(null, in);
      if (!in.isEnd()) {
        throw new IllegalStateException("bytes left after the datum");
      }
      return datum;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // ---- plumbing ----

  private static KavroConverter converter(JsonNode line, Run run, MockSchemaRegistry registry) {
    Map<String, Object> config = configMap(line.get("config"));
    config.put(KavroSerdeConfig.KAVRO_READER_MODE_CONFIG, run.mode.name().toLowerCase(java.util.Locale.ROOT));
    return ConverterFixtures.converter(line.path("isKey").asBoolean(false), config, run.paths, registry);
  }

  private static AvroDataSettings settings(JsonNode config) {
    Map<String, Object> map = configMap(config);
    map.put(ConverterConfig.TYPE_CONFIG, "value");
    map.put("schema.registry.url", "mock://corpus");
    return new KavroConverterConfig(map).avroDataSettings();
  }

  private static Map<String, Object> configMap(JsonNode config) {
    Map<String, Object> map = new HashMap<>();
    Iterator<Map.Entry<String, JsonNode>> it = config.fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      map.put(e.getKey(), e.getValue().isBoolean() ? e.getValue().asBoolean() : e.getValue().asText());
    }
    return map;
  }

  private static String describe(SchemaAndValue result) {
    return ConnectDescriptors.schema(result.schema()) + " / " + ConnectDescriptors.value(result.schema(),
        result.value());
  }

  private static JsonNode json(String text) {
    try {
      return ConnectDescriptors.JSON.readTree(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<JsonNode> lines(String file) {
    List<JsonNode> lines = new ArrayList<>();
    try (InputStream in = ConfluentCorpusTest.class.getResourceAsStream("/confluent-avrodata/" + file)) {
      Objects.requireNonNull(in, "missing test resource confluent-avrodata/" + file);
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String text = reader.readLine(); text != null; text = reader.readLine()) {
        if (!text.isBlank()) {
          lines.add(ConnectDescriptors.JSON.readTree(text));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return lines;
  }
}
