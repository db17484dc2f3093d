package dev.kavro.connect;

import static dev.kavro.connect.ConverterFixtures.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.avro.CompileMode;
import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.ConnectToAvroSchema;
import dev.kavro.connect.runtime.StructFiller;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.runtime.ByteArrayEncoder;
import dev.kavro.testing.RandomData;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;

/**
 * The node tree of fromConnectData ({@link ConnectWriteInterpreter}), which serves every compile mode: the generic path's bytes
 * for every fixture, and field-named errors. The differential tests in {@link ConnectFastPathTest} run through it in
 * every mode as well.
 */
class ConnectWriteInterpreterTest {
  private static byte[] encode(ConnectEncoder encoder, Object value) throws IOException {
    ByteArrayEncoder out = new ByteArrayEncoder();
    encoder.encode(value, out);
    return out.toByteArray();
  }

  @Test
  void treeWritesTheGenericPathsBytesForEveryFixture() throws IOException {
    AvroDataSettings settings = AvroDataSettings.DEFAULTS;
    MockSchemaRegistry registry = freshRegistry();
    KavroConverter generic = converter(false, Map.of(), ConverterPaths.GENERIC, registry);
    for (Schema schema : List.of(ConnectFastPathTest.UNIONS, ConnectReadInterpreterTest.RICH, ConnectFastPathTest.FLAT)) {
      int id = registry.register("c-value", schema, false);
      RandomData random = new RandomData(new Random(schema.getFullName().hashCode() + 1), GenericData.get());
      // The generic read side keeps one Connect schema per id: every value below is of this instance.
      org.apache.kafka.connect.data.Schema connect =
          generic.toConnectData("c", confluentBytes(id, schema, random.next(schema))).schema();
      Schema avro = ConnectToAvroSchema.convert(connect, settings);
      ConnectEncoder tree = ConnectWriteInterpreter.create(connect, avro, settings, StructFiller.DEFAULT);
      ConnectEncoder reference = new GenericPathEncoder(connect, avro, settings, CompileMode.FALLBACK);
      for (int i = 0; i < 40; i++) {
        SchemaAndValue value = generic.toConnectData("c", confluentBytes(id, schema, random.next(schema)));
        assertEquals(connect, value.schema());
        assertArrayEquals(encode(reference, value.value()), encode(tree, value.value()));
      }
    }
    Schema avro = ConnectToAvroSchema.convert(EVERYTHING, settings);
    ConnectEncoder tree = ConnectWriteInterpreter.create(EVERYTHING, avro, settings, StructFiller.DEFAULT);
    ConnectEncoder reference = new GenericPathEncoder(EVERYTHING, avro, settings, CompileMode.FALLBACK);
    for (int seed = 0; seed < 30; seed++) {
      assertArrayEquals(encode(reference, everything(seed)), encode(tree, everything(seed)));
    }
  }

  @Test
  void treeNamesTheFieldOfAMissingValue() {
    AvroDataSettings settings = AvroDataSettings.DEFAULTS;
    Schema avro = ConnectToAvroSchema.convert(EVERYTHING, settings);
    ConnectEncoder tree = ConnectWriteInterpreter.create(EVERYTHING, avro, settings, StructFiller.DEFAULT);
    Struct half = new Struct(EVERYTHING);
    Struct full = everything(5);
    for (Field f : EVERYTHING.fields()) {
      if (!f.name().equals("text")) {
        half.put(f, full.get(f));
      }
    }
    DataException e = assertThrows(DataException.class, () -> encode(tree, half));
    assertTrue(e.getMessage().contains("text"), e.getMessage());
  }
}
