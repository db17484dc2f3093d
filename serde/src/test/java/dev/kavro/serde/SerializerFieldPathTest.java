package dev.kavro.serde;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.MockSchemaRegistry;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Whatever is wrong with a datum, and whichever writer finds it, the serializer's error names the field path. */
class SerializerFieldPathTest {
  private static final Schema ORDER = new Schema.Parser().parse("""
      {"type":"record","name":"Order","namespace":"p","fields":[
        {"name":"id","type":"long"},
        {"name":"note","type":["null","string"]},
        {"name":"kind","type":{"type":"enum","name":"Kind","symbols":["A","B"]}},
        {"name":"md5","type":{"type":"fixed","name":"Md5","size":4}},
        {"name":"blob","type":"bytes"},
        {"name":"flag","type":"boolean"},
        {"name":"ratio","type":"double"},
        {"name":"tags","type":{"type":"map","values":"int"}},
        {"name":"lines","type":{"type":"array","items":{"type":"record","name":"Line","fields":[
          {"name":"sku","type":"string"},{"name":"n","type":"float"}]}}}]}""");
  private static final Schema LINE = ORDER.getField("lines").schema().getElementType();

  @ParameterizedTest
  @ValueSource(strings = {"async", "compiled", "fallback"})
  void everyKindOfBadValueIsNamedByItsPath(String mode) {
    expectPath(mode, r -> r.put("id", "x"), "Order.id");
    expectPath(mode, r -> r.put("id", null), "Order.id");
    expectPath(mode, r -> r.put("note", 42), "Order.note");
    expectPath(mode, r -> r.put("kind", "C"), "Order.kind");
    expectPath(mode, r -> r.put("kind", new GenericData.EnumSymbol(ORDER.getField("kind").schema(), "Z")),
        "Order.kind");
    expectPath(mode, r -> r.put("md5", new GenericData.Fixed(ORDER.getField("md5").schema(), new byte[3])),
        "Order.md5");
    expectPath(mode, r -> r.put("md5", new GenericData.Fixed(ORDER.getField("md5").schema(), new byte[5])),
        "Order.md5");
    expectPath(mode, r -> r.put("blob", "not bytes"), "Order.blob");
    expectPath(mode, r -> r.put("flag", 1), "Order.flag");
    expectPath(mode, r -> r.put("ratio", "1.5"), "Order.ratio");
    expectPath(mode, r -> r.put("tags", Map.of("a", "one")), "Order.tags[\"a\"]");
    expectPath(mode, r -> r.put("lines", List.of(line("a", 1f), line(null, 2f))), "Order.lines[1].sku");
    expectPath(mode, r -> r.put("lines", List.of(line("a", 1f), line("b", null))), "Order.lines[1].n");
    expectPath(mode, r -> r.put("lines", "nope"), "Order.lines");
  }

  @ParameterizedTest
  @ValueSource(strings = {"async", "compiled", "fallback"})
  void aDatumThatContainsItselfIsATypedError(String mode) {
    Schema list = dev.kavro.testing.DeepData.LIST;
    GenericRecord node = new GenericData.Record(list);
    node.put("v", 1);
    node.put("next", node);
    KavroSerializer serializer = Fixtures.serializer(new MockSchemaRegistry(), false, "kavro.reader.mode", mode);
    SerializationException e = assertThrows(SerializationException.class, () -> serializer.serialize("loops", node));
    assertTrue(e.getMessage().contains("topic 'loops'") && e.getMessage().contains("contains itself"),
        e.getMessage());
  }

  private static void expectPath(String mode, Consumer<GenericRecord> spoil, String path) {
    MockSchemaRegistry registry = new MockSchemaRegistry();
    KavroSerializer serializer = Fixtures.serializer(registry, false, "kavro.reader.mode", mode);
    GenericRecord good = order();
    serializer.serialize("orders", good); // the valid datum writes
    GenericRecord bad = order();
    spoil.accept(bad);
    SerializationException e = assertThrows(SerializationException.class, () -> serializer.serialize("orders", bad),
        path);
    assertTrue(e.getMessage().contains("at " + path + ":") && e.getMessage().contains("topic 'orders'"),
        mode + " " + path + ": " + e.getMessage());
  }

  private static GenericRecord order() {
    GenericRecord r = new GenericData.Record(ORDER);
    r.put("id", 1L);
    r.put("note", null);
    r.put("kind", new GenericData.EnumSymbol(ORDER.getField("kind").schema(), "A"));
    r.put("md5", new GenericData.Fixed(ORDER.getField("md5").schema(), new byte[4]));
    r.put("blob", ByteBuffer.wrap(new byte[] {1}));
    r.put("flag", true);
    r.put("ratio", 0.5);
    r.put("tags", new HashMap<>(Map.of(new Utf8("t"), 1)));
    r.put("lines", List.of(line("a", 1f)));
    return r;
  }

  private static GenericRecord line(String sku, Float n) {
    GenericRecord l = new GenericData.Record(LINE);
    l.put("sku", sku);
    l.put("n", n);
    return l;
  }
}
