package dev.kavro.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.SupportedVersions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.avro.Conversion;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;
import org.apache.avro.SystemLimitException;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.junit.jupiter.api.Test;

/**
 * Every method of {@link AvroInternals} on the Avro version of the classpath: the build runs it on the newest Avro
 * and the compatibility matrix on the oldest of each supported line, so both the direct calls and the stand-ins for
 * missing methods are exercised.
 */
class AvroInternalsTest {
  private static final String AVRO = Schema.class.getPackage().getImplementationVersion();
  private static final Schema RECORD = new Schema.Parser().parse("""
      {"type": "record", "name": "R", "fields": [
        {"name": "i", "type": "int", "default": -7},
        {"name": "s", "type": ["string", "null"], "default": "d\u00e9faut"},
        {"name": "a", "type": {"type": "array", "items": "long"}, "default": [1, 2, 300]},
        {"name": "m", "type": {"type": "map", "values": "double"}, "default": {"k": 1.5}},
        {"name": "n", "type": "string"}]}""");

  /** Which methods exist follows from the version: a wrong detection would call a missing method, or never call one. */
  @Test
  void detectsTheFeaturesOfTheAvroOnTheClasspath() {
    int[] version = parse(AVRO);
    boolean atLeast1122 = compare(version, 1, 12, 2) >= 0;
    assertEquals(atLeast1122, AvroInternals.HAS_ALLOCATION_SCOPE, AVRO);
    assertEquals(atLeast1122, AvroInternals.HAS_REMAINING_BYTES, AVRO);
    assertEquals(atLeast1122, AvroInternals.HAS_INITIAL_CAPACITY, AVRO);
    assertEquals(compare(version, 1, 12, 1) >= 0, AvroInternals.HAS_SINGLE_LENGTH_CHECK, AVRO);
    assertEquals(compare(version, 1, 12, 0) >= 0, AvroInternals.HAS_112_CONVERSIONS, AVRO);
    assertEquals(compare(version, 1, 12, 0) >= 0, AvroInternals.HAS_NAME_VALIDATOR, AVRO);
  }

  @Test
  void lenientParserAcceptsNamesAndDefaultsAStrictParserRefuses() {
    String text = "{\"type\":\"record\",\"name\":\"R\",\"namespace\":\"com.my-org\",\"fields\":["
        + "{\"name\":\"a-b\",\"type\":\"int\",\"default\":\"not an int\"}]}";
    assertThrows(SchemaParseException.class, () -> new Schema.Parser().parse(text), AVRO);
    Schema parsed = AvroInternals.lenientParser().parse(text);
    assertEquals("com.my-org.R", parsed.getFullName(), AVRO);
    assertEquals("a-b", parsed.getFields().get(0).name(), AVRO);
  }

  @Test
  void encodesEveryDefaultAsAvrosWriterWritesTheDefaultValue() throws IOException {
    for (Schema.Field field : RECORD.getFields()) {
      if (!field.hasDefaultValue()) {
        assertNull(AvroInternals.defaultValue(field));
        continue;
      }
      ByteArrayOutputStream ours = new ByteArrayOutputStream();
      BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(ours, null);
      AvroInternals.encodeDefault(encoder, field.schema(), AvroInternals.defaultValue(field));
      encoder.flush();
      ByteArrayOutputStream avros = new ByteArrayOutputStream();
      BinaryEncoder avroEncoder = EncoderFactory.get().binaryEncoder(avros, null);
      new GenericDatumWriter<>(field.schema()).write(GenericData.get().getDefaultValue(field), avroEncoder);
      avroEncoder.flush();
      assertArrayEquals(avros.toByteArray(), ours.toByteArray(), field.name());
    }
  }

  @Test
  void createsFieldsWithTheirDefaultTakenAsItIs() {
    Schema.Field original = RECORD.getField("a");
    Schema.Field copy = AvroInternals.createField("b", original.schema(), "doc", AvroInternals.defaultValue(original),
        false, Schema.Field.Order.DESCENDING);
    assertEquals("b", copy.name());
    assertEquals("doc", copy.doc());
    assertEquals(Schema.Field.Order.DESCENDING, copy.order());
    assertEquals(AvroInternals.defaultValue(original), AvroInternals.defaultValue(copy));
    assertEquals(GenericData.get().getDefaultValue(original), GenericData.get().getDefaultValue(copy));
    Schema.Field noDefault = AvroInternals.createField("c", original.schema(), null, null, false,
        Schema.Field.Order.ASCENDING);
    assertTrue(!noDefault.hasDefaultValue());
  }

  @Test
  void tellsTheRemainingBytesWhereTheDecoderKnowsThem() throws IOException {
    byte[] bytes = {2, 4, 6, 8, 10};
    ByteArrayDecoder ours = new ByteArrayDecoder(bytes, 1, 3);
    assertEquals(3, AvroInternals.remainingBytes(ours));
    ours.readInt();
    assertEquals(2, AvroInternals.remainingBytes(ours));
    BinaryDecoder avros = DecoderFactory.get().binaryDecoder(bytes, null);
    avros.readInt();
    assertEquals(AvroInternals.HAS_REMAINING_BYTES ? 4 : -1, AvroInternals.remainingBytes(avros));
  }

  @Test
  void checksCollectionLengthsAsAvroDoes() {
    assertEquals(0, AvroInternals.checkMaxCollectionLength(0));
    assertEquals(1_000_000, AvroInternals.checkMaxCollectionLength(1_000_000));
    // Beyond what a Java array can hold: Avro's own type of error, on every version.
    Class<? extends Throwable> avros = assertThrows(RuntimeException.class,
        () -> SystemLimitException.checkMaxCollectionLength(0L, Integer.MAX_VALUE + 1L)).getClass();
    assertEquals(avros, assertThrows(RuntimeException.class,
        () -> AvroInternals.checkMaxCollectionLength(Integer.MAX_VALUE + 1L)).getClass());
  }

  @Test
  void sizesFirstArrayBlocksWithinTheirCount() {
    assertEquals(0, AvroInternals.initialCollectionCapacity(0));
    assertEquals(10, AvroInternals.initialCollectionCapacity(10));
    int huge = AvroInternals.initialCollectionCapacity(Integer.MAX_VALUE - 8);
    assertTrue(huge > 0 && huge <= Integer.MAX_VALUE - 8, "capacity " + huge);
    if (!AvroInternals.HAS_INITIAL_CAPACITY) {
      assertEquals(AvroInternals.MAX_INITIAL_CAPACITY, huge);
    }
  }

  /**
   * Inside one scope zero-byte elements share one budget, so blocks that each pass alone fail together; outside a
   * scope every block is checked alone. Found without knowing the budget: blocks are added until the scope fails.
   */
  @Test
  void boundsZeroByteElementsPerScope() {
    assertThrows(SystemLimitException.class, () -> AvroInternals.checkMaxCollectionAllocation(Long.MAX_VALUE / 2));
    long block = 1 << 20;
    long blocksInBudget = -1;
    AvroInternals.beginCollectionAllocationScope();
    try {
      for (long i = 0; i < (1L << 20); i++) {
        try {
          AvroInternals.checkMaxCollectionAllocation(block);
        } catch (SystemLimitException e) {
          blocksInBudget = i;
          break;
        }
      }
    } finally {
      AvroInternals.endCollectionAllocationScope();
    }
    assertTrue(blocksInBudget > 0, "the scope never ran out of budget");
    for (long i = 0; i <= blocksInBudget; i++) {
      assertEquals(block, AvroInternals.checkMaxCollectionAllocation(block));
    }
    // A nested scope shares its parent's budget; closing the outer one starts afresh.
    AvroInternals.beginCollectionAllocationScope();
    AvroInternals.beginCollectionAllocationScope();
    try {
      for (long i = 0; i < blocksInBudget; i++) {
        AvroInternals.checkMaxCollectionAllocation(block);
      }
      AvroInternals.endCollectionAllocationScope();
      assertThrows(SystemLimitException.class, () -> AvroInternals.checkMaxCollectionAllocation(block));
    } finally {
      AvroInternals.endCollectionAllocationScope();
    }
    AvroInternals.beginCollectionAllocationScope();
    try {
      assertEquals(block, AvroInternals.checkMaxCollectionAllocation(block));
    } finally {
      AvroInternals.endCollectionAllocationScope();
    }
  }

  @Test
  void offersTheConversionsOfAvro112WhereAvroHasThem() {
    List<String> types = AvroInternals.conversionsSince112().stream().map(Conversion::getLogicalTypeName)
        .collect(Collectors.toList());
    assertEquals(AvroInternals.HAS_112_CONVERSIONS ? List.of("duration", "timestamp-nanos", "local-timestamp-nanos")
        : List.of(), types);
  }

  @Test
  void runsOnASupportedAvro() {
    assertTrue(compare(parse(AVRO), 1, 11, 4) >= 0, AVRO + " is older than " + SupportedVersions.MIN_AVRO);
  }

  private static int[] parse(String version) {
    String[] parts = version.split("[.\\-]");
    return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2])};
  }

  private static int compare(int[] version, int major, int minor, int patch) {
    int[] other = {major, minor, patch};
    for (int i = 0; i < 3; i++) {
      if (version[i] != other[i]) {
        return Integer.compare(version[i], other[i]);
      }
    }
    return 0;
  }
}
