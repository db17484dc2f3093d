package dev.kavro.connect;

import static dev.kavro.connect.ConverterFixtures.converter;
import static dev.kavro.connect.ConverterFixtures.freshRegistry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.runtime.NestingLimit;
import dev.kavro.testing.DeepData;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * toConnectData reads recursive data as deeply as Avro's reader does on a default stack, whatever stack the caller has
 * left, and deeper than the limit gives a {@link DataException} naming topic, id and depth; never a
 * {@code StackOverflowError}.
 */
class DeepNestingConnectTest {
  private static final long SMALL_STACK = 512 * 1024;

  @ParameterizedTest
  @CsvSource({"async,INTERPRETER", "fallback,GENERIC"})
  void deepListsConvert(String mode, ConverterPaths paths) throws Exception {
    MockSchemaRegistry registry = freshRegistry();
    int id = registry.register("deep-value", DeepData.LIST.toString(), List.of(), false);
    KavroConverter converter = converter(false, Map.of("kavro.reader.mode", mode), paths, registry);
    for (int depth : new int[] {300, 9_000}) {
      byte[] framed = framed(id, DeepData.list(depth));
      Struct head = (Struct) DeepData.onStack(SMALL_STACK, () -> converter.toConnectData("deep", framed)).value();
      int seen = 0;
      for (Struct node = head; node != null; node = node.getStruct("next")) {
        assertEquals(++seen, node.getInt32("v"));
      }
      assertEquals(depth, seen);
    }
    Schema tree = DeepData.TREE;
    int treeId = registry.register("tree-value", tree.toString(), List.of(), false);
    byte[] framedTree = framed(treeId, DeepData.tree(2_000));
    Struct root = (Struct) DeepData.onStack(SMALL_STACK, () -> converter.toConnectData("tree", framedTree)).value();
    assertEquals(1, root.getInt32("v"));
  }

  @ParameterizedTest
  @CsvSource({"async,INTERPRETER", "fallback,GENERIC"})
  void deeperThanTheLimitIsADataException(String mode, ConverterPaths paths) {
    MockSchemaRegistry registry = freshRegistry();
    int id = registry.register("deep-value", DeepData.LIST.toString(), List.of(), false);
    KavroConverter converter = converter(false, Map.of("kavro.reader.mode", mode), paths, registry);
    byte[] framed = framed(id, DeepData.list(NestingLimit.MAX_DEPTH + 1));
    DataException e = assertThrows(DataException.class,
        () -> DeepData.onStack(SMALL_STACK, () -> converter.toConnectData("deep", framed)));
    assertTrue(e.getMessage().contains("deep") && e.getMessage().contains(Integer.toString(id))
        && e.getMessage().contains(Integer.toString(NestingLimit.MAX_DEPTH)), e.getMessage());
  }

  private static byte[] framed(int id, byte[] avro) {
    return ByteBuffer.allocate(5 + avro.length).put((byte) 0).putInt(id).put(avro).array();
  }
}
