package dev.kavro.codegen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.kavro.avro.CompileMode;
import dev.kavro.avro.KavroDatumWriter;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.runtime.ByteArrayEncoder;
import dev.kavro.serde.KavroSerdeConfig;
import dev.kavro.serde.KavroSerializer;
import dev.kavro.testing.Oracle;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.util.Utf8;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The writer's fast leaves (a {@code Utf8} copied with one bound check, ASCII map keys copied from their bytes,
 * Avro's own arrays walked by index) against {@code GenericDatumWriter}, in every compile mode and through every way
 * out: {@code write} into Avro's {@code BinaryEncoder} and into {@code ByteArrayEncoder}, {@code toBytes}, and the
 * serializer (its frame stripped).
 */
class WriterLeafPathsTest {
  private static final Schema SCHEMA = new Schema.Parser().parse("{\"type\": \"record\", \"name\": \"R\", \"fields\": ["
      + "{\"name\": \"s\", \"type\": \"string\"},"
      + "{\"name\": \"n\", \"type\": [\"null\", \"string\"]},"
      + "{\"name\": \"m\", \"type\": {\"type\": \"map\", \"values\": \"string\"}},"
      + "{\"name\": \"a\", \"type\": {\"type\": \"array\", \"items\": \"string\"}},"
      + "{\"name\": \"l\", \"type\": {\"type\": \"array\", \"items\": \"long\"}}]}");

  /** Strings every encoding path must agree on: empty, ASCII of every length around 8-byte words, long, non-ASCII. */
  private static List<String> strings() {
    List<String> strings = new ArrayList<>();
    for (int n = 0; n <= 17; n++) {
      strings.add("k".repeat(n));
    }
    // A non-ASCII character at every position of a key up to 17 bytes: the word loop and the tail both see it.
    for (int at = 0; at < 17; at++) {
      strings.add("k".repeat(at) + "é" + "v".repeat(16 - at));
    }
    strings.addAll(List.of("\u007F", "\u0080", "日本語", "emoji 😀 pair", "\uD800 lone high", "lone low \uDC00",
        "\uDC00\uD800", "end high \uD83D", "x".repeat(300), "y".repeat(70_000), "é" + "z".repeat(5_000)));
    return strings;
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void writesStringsKeysAndArraysAsGenericDatumWriter(CompileMode mode) throws Exception {
    KavroDatumWriter<Object> writer = KavroDatumWriter.create(SCHEMA, GenericData.get(), mode);
    writer.awaitCompiled(java.time.Duration.ofSeconds(30));
    KavroSerializer serializer = new KavroSerializer(new MockSchemaRegistry());
    serializer.configure(Map.of(KavroSerdeConfig.KAVRO_READER_MODE_CONFIG, mode.name().toLowerCase()), false);
    List<String> strings = strings();
    for (int i = 0; i < strings.size(); i++) {
      String string = strings.get(i);
      for (boolean asUtf8 : new boolean[] {false, true}) {
        GenericData.Record record = record(string, asUtf8, i);
        byte[] expected = Oracle.encode(SCHEMA, GenericData.get(), record);
        String what = mode + (asUtf8 ? " Utf8 " : " String ") + "of length " + string.length() + " #" + i;
        assertArrayEquals(expected, writer.toBytes(record), what + " toBytes");
        ByteArrayEncoder small = new ByteArrayEncoder(1); // grows on the way
        writer.write(record, small);
        assertArrayEquals(expected, small.toByteArray(), what + " ByteArrayEncoder");
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        BinaryEncoder binary = EncoderFactory.get().binaryEncoder(stream, null);
        writer.write(record, binary);
        binary.flush();
        assertArrayEquals(expected, stream.toByteArray(), what + " BinaryEncoder");
        byte[] framed = serializer.serialize("t", record);
        assertArrayEquals(expected, Arrays.copyOfRange(framed, 5, framed.length), what + " serializer");
      }
    }
  }

  /**
   * A record holding {@code string} everywhere a string goes: field, nullable field, map key and value, array item;
   * the arrays are of the collection kind {@code variant} picks (Avro's own, a subclass of it, or a JDK list), since
   * only Avro's own array is walked by index.
   */
  private static GenericData.Record record(String string, boolean asUtf8, int variant) {
    CharSequence value = asUtf8 ? new Utf8(string) : string;
    Map<Object, Object> map = new LinkedHashMap<>();
    map.put(asUtf8 ? new Utf8(string) : string, value);
    map.put(new Utf8("other"), new Utf8(string.getBytes(StandardCharsets.UTF_8)));
    // Bytes that are not UTF-8 (a stray 0xFF, an encoded lone surrogate): vanilla writes the key as toString decodes it.
    map.put(new Utf8(malformed(string, (byte) 0xFF)), value);
    map.put(new Utf8(malformed(string, (byte) 0xED, (byte) 0xA0, (byte) 0x80)), value);
    GenericData.Record record = new GenericData.Record(SCHEMA);
    record.put("s", value);
    record.put("n", variant % 3 == 0 ? null : value);
    record.put("m", map);
    record.put("a", collection(SCHEMA.getField("a").schema(), variant, List.of(value, "", value)));
    record.put("l", collection(SCHEMA.getField("l").schema(), variant + 1,
        List.of(0L, -1L, Long.MAX_VALUE, Long.MIN_VALUE, (long) string.length())));
    return record;
  }

  /** {@code string}'s UTF-8 bytes with {@code bad} spliced into the middle. */
  private static byte[] malformed(String string, byte... bad) {
    byte[] good = string.getBytes(StandardCharsets.UTF_8);
    int at = good.length / 2;
    byte[] out = Arrays.copyOf(good, good.length + bad.length);
    System.arraycopy(bad, 0, out, at, bad.length);
    System.arraycopy(good, at, out, at + bad.length, good.length - at);
    return out;
  }

  private static Collection<Object> collection(Schema schema, int variant, List<?> items) {
    Collection<Object> collection = switch (variant % 4) {
      case 0 -> new GenericData.Array<>(items.size(), schema);
      case 1 -> new GenericData.Array<>(schema, List.of()) { }; // a subclass: iterated, not indexed
      case 2 -> new ArrayList<>();
      default -> new LinkedList<>();
    };
    collection.addAll(items);
    return collection;
  }
}
