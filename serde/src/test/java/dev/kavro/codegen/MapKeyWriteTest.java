package dev.kavro.codegen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.kavro.avro.KavroDatumWriter;
import dev.kavro.avro.CompileMode;
import dev.kavro.testing.Oracle;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Map keys take a shortcut for ASCII {@code Utf8}s; every kind of key must still give GenericDatumWriter's bytes,
 * including a {@code Utf8} whose bytes are not valid UTF-8 (vanilla writes them as {@code toString} decodes them).
 */
class MapKeyWriteTest {
  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void writesEveryKindOfKeyAsGenericDatumWriter(CompileMode mode) throws Exception {
    Schema schema = new Schema.Parser().parse("{\"type\": \"record\", \"name\": \"R\", \"fields\": ["
        + "{\"name\": \"m\", \"type\": {\"type\": \"map\", \"values\": \"int\"}}]}");
    Map<Object, Object> map = new LinkedHashMap<>();
    map.put(new org.apache.avro.util.Utf8("ascii-key"), 1);
    map.put(new org.apache.avro.util.Utf8("clé中😀"), 2);
    map.put(new org.apache.avro.util.Utf8(new byte[] {'a', (byte) 0xC3, 'b', (byte) 0xFF}), 3); // malformed UTF-8
    map.put(new org.apache.avro.util.Utf8(""), 4);
    map.put("string-key", 5);
    map.put("ñ", 6);
    map.put(new StringBuilder("builder"), 7);
    map.put(42L, 8); // not a CharSequence: vanilla writes its toString
    GenericData.Record record = new GenericData.Record(schema);
    record.put("m", map);
    byte[] expected = Oracle.encode(schema, GenericData.get(), record);
    KavroDatumWriter<Object> writer = KavroDatumWriter.create(schema, GenericData.get(), mode);
    assertArrayEquals(expected, writer.toBytes(record));
    assertArrayEquals(expected, writer.toBytes(record)); // again, once Utf8 keys have cached their strings
    // The malformed key really is rewritten by vanilla, so the test would catch writing its raw bytes.
    assertArrayEquals("a\uFFFDb\uFFFD".getBytes(StandardCharsets.UTF_8),
        new org.apache.avro.util.Utf8(new byte[] {'a', (byte) 0xC3, 'b', (byte) 0xFF}).toString()
            .getBytes(StandardCharsets.UTF_8));
  }
}
