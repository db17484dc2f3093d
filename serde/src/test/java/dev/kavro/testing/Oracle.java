package dev.kavro.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kavro.avro.KavroDatumReader;
import dev.kavro.runtime.ByteArrayDecoder;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.BiFunction;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.Decoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;

/**
 * The differential oracle: what vanilla Avro decodes for a (writer, reader) pair, computed twice (with
 * {@code org.apache.avro.fastread} on and off, on fresh models) and required to agree with itself before any
 * candidate reader is compared to it.
 *
 * <p>With {@code caseRule} set, vanilla Avro reads with the writer schema of {@link CaseRuleWriter} (renamed per
 * position by Kavro's upper-case rule; the same binary layout), so the oracle encodes the rule on top of the Avro
 * specification.
 *
 * <p>Not thread-safe (vanilla readers are reused between calls).
 */
public final class Oracle {
  private static final int PADDING = 1 << 16;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Schema reader;
  private final boolean caseRuleInPlay;
  private final GenericData compareModel;
  private final BiFunction<Schema, Boolean, DatumReader<Object>> vanilla;
  private final Schema writer;
  private final DatumReader<Object> fastOn;
  private final DatumReader<Object> fastOff;
  private DatumReader<Object> noDefaultsOn;
  private DatumReader<Object> noDefaultsOff;

  private Oracle(Schema writer, Schema reader, boolean caseRuleInPlay, GenericData compareModel,
      BiFunction<Schema, Boolean, DatumReader<Object>> vanilla) {
    this.writer = writer;
    this.reader = reader;
    this.caseRuleInPlay = caseRuleInPlay;
    this.compareModel = compareModel;
    this.vanilla = vanilla;
    this.fastOn = vanilla.apply(writer, true);
    this.fastOff = vanilla.apply(writer, false);
  }

  /** An oracle for generic readers, with a model that has the standard conversions or none. */
  public static Oracle generic(Schema writer, Schema reader, boolean conversions, boolean caseRule) {
    Schema effective = caseRule ? CaseRuleWriter.apply(writer, reader) : writer;
    return new Oracle(effective, reader, effective != writer, Models.generic(false, conversions),
        (w, fastRead) -> new GenericDatumReader<>(w, reader, Models.generic(fastRead, conversions)));
  }

  /** An oracle for specific readers; {@code reader} is the schema of a generated class. */
  public static Oracle specific(Schema writer, Schema reader, boolean caseRule) {
    Schema effective = caseRule ? CaseRuleWriter.apply(writer, reader) : writer;
    return new Oracle(effective, reader, effective != writer, Models.specific(false),
        (w, fastRead) -> new SpecificDatumReader<>(w, reader, Models.specific(fastRead)));
  }

  /** Whether the case fallback changes this pair's resolution (so plain Avro would read it differently). */
  public boolean caseRuleInPlay() {
    return caseRuleInPlay;
  }

  /** The writer schema vanilla Avro reads with (renamed by the case rule, if it is in play). */
  public Schema effectiveWriter() {
    return writer;
  }

  /**
   * Vanilla Avro's outcome for {@code bytes}.
   *
   * <p>Where vanilla 1.12.2 rejects valid data, the oracle expects the value instead, and a candidate must return it:
   * these are the only cases where Kavro's result differs from vanilla's, each named by {@link Rescue}:
   * <ul>
   *   <li>{@link Rescue#COLLECTION_GUARD}: vanilla's guard against huge collections sizes array (and, in the classic
   *       reader, map) elements by the <em>reader</em> schema, so it rejects data whose reader elements are larger
   *       than the written ones (a record that gained fields with defaults) when the collection ends near the end of
   *       the buffer. Kavro sizes them by the writer, a deliberate difference (README). Recognised by vanilla's
   *       "claims ... with at least ... bytes each" failure and a read of the same bytes with padding after them
   *       that returns a value and consumes exactly the datum.
   *   <li>{@link Rescue#WRITER_DEFAULTS}: {@code Schema.applyAliases} keeps a writer field's record default while
   *       renaming that record's fields after reader aliases, then rejects the now "invalid" default. Writer defaults
   *       never affect decoding, so the oracle reads with a writer schema stripped of defaults.
   *   <li>{@link Rescue#PATHS_DISAGREE}: one of the fast and classic readers fails and the other reads a value
   *       (seen: a writer union read into a non-union logical type with conversions fails on the fast path with
   *       "Cannot convert ... expected generic type"); the value is expected.
   * </ul>
   * Values that differ between the two paths have no oracle and fail the test.
   *
   * @throws AssertionError if the fast and the classic vanilla readers disagree: then there is no oracle
   */
  public Outcome expect(byte[] bytes) {
    Outcome on = rescued(read(fastOn, bytes, null), true, bytes);
    Outcome off = rescued(read(fastOff, bytes, null), false, bytes);
    if (on.failed() != off.failed()) {
      Outcome value = on.failed() ? off : on;
      return value.rescue() != null ? value : new Outcome(value.value(), null, Rescue.PATHS_DISAGREE);
    }
    agreed(on, off);
    return on.rescue() != null || on.failed() ? on : off;
  }

  /** A failed vanilla read turned into the value a workaround reads, for vanilla's two known false rejections. */
  private Outcome rescued(Outcome outcome, boolean fastRead, byte[] bytes) {
    if (!outcome.failed()) {
      return outcome;
    }
    Outcome guarded = pastCollectionGuard(outcome, fastRead ? fastOn : fastOff, bytes);
    if (!guarded.failed()) {
      return new Outcome(guarded.value(), null, Rescue.COLLECTION_GUARD);
    }
    if (caseRuleInPlay) {
      return outcome; // CaseRuleWriter's writer has no defaults already (and does not survive a trip through JSON)
    }
    if (noDefaultsOn == null) {
      Schema stripped = withoutDefaults(writer);
      noDefaultsOn = vanilla.apply(stripped, true);
      noDefaultsOff = vanilla.apply(stripped, false);
    }
    DatumReader<Object> strippedReader = fastRead ? noDefaultsOn : noDefaultsOff;
    Outcome stripped = pastCollectionGuard(read(strippedReader, bytes, null), strippedReader, bytes);
    return stripped.failed() ? outcome : new Outcome(stripped.value(), null, Rescue.WRITER_DEFAULTS);
  }

  /** {@code outcome}, or where it is the collection guard's failure, a read of the bytes with padding after them. */
  private static Outcome pastCollectionGuard(Outcome outcome, DatumReader<Object> reader, byte[] bytes) {
    return outcome.failed() && isCollectionGuard(outcome.failure()) ? readPadded(reader, bytes) : outcome;
  }

  /** Vanilla's collection guard: "Collection claims N elements with at least M bytes each..." (or "Map claims"). */
  private static boolean isCollectionGuard(Throwable failure) {
    return failure instanceof EOFException && failure.getMessage() != null
        && failure.getMessage().matches(
            "(Collection|Map) claims \\d+ (elements|entries) with at least \\d+ bytes each.*");
  }

  /**
   * Vanilla's outcome when reading into {@code reuse}. Not always a fresh read's value: Avro 1.12.2 reuses a
   * {@code GenericFixed} of the right size even when it belongs to another fixed type of the same union, so the
   * result reports the old type (and resolves to the wrong union branch).
   */
  public Outcome expectReusing(byte[] bytes, Object reuse, boolean fastRead) {
    return read(fastRead ? fastOn : fastOff, bytes, reuse);
  }

  /** Whether {@code actual} satisfies {@code expected} (the comparison {@link #assertAgrees} makes). */
  public boolean agrees(Outcome expected, Outcome actual) {
    return expected.differenceTo(actual, reader, compareModel).isEmpty();
  }

  /** {@code schema} without any "default" attribute (field and enum defaults alike). */
  static Schema withoutDefaults(Schema schema) {
    try {
      JsonNode tree = JSON.readTree(schema.toString());
      removeDefaults(tree);
      return new Schema.Parser().parse(JSON.writeValueAsString(tree));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void removeDefaults(JsonNode node) {
    if (node instanceof ObjectNode object) {
      object.remove("default");
    }
    node.forEach(Oracle::removeDefaults);
  }

  private void agreed(Outcome on, Outcome off) {
    Optional<String> disagreement = on.differenceTo(off, reader, compareModel);
    if (disagreement.isPresent()) {
      throw new AssertionError("VANILLA DISAGREES: fastread=true vs fastread=false: " + disagreement.get()
          + "\nfastread=true: " + on + "\nfastread=false: " + off);
    }
  }

  private static Outcome readPadded(DatumReader<Object> reader, byte[] bytes) {
    byte[] padded = Arrays.copyOf(bytes, bytes.length + PADDING);
    BinaryDecoder decoder = DecoderFactory.get().binaryDecoder(padded, null);
    try {
      Object value = reader.read(null, decoder);
      return decoder.remainingBytes() == PADDING ? new Outcome(value, null)
          : new Outcome(null, new IllegalStateException("Consumed padding"));
    } catch (IOException | RuntimeException e) {
      return new Outcome(null, e);
    }
  }

  /**
   * Asserts that a candidate's outcome equals the oracle's: both fail (with any exception type), or both return
   * deeply equal values of the same Java classes.
   */
  public void assertAgrees(Outcome expected, Outcome actual, String context) {
    Optional<String> difference = expected.differenceTo(actual, reader, compareModel);
    if (difference.isPresent()) {
      AssertionError error = new AssertionError(difference.get() + "\nexpected: " + expected + "\nactual:   " + actual
          + "\n" + context);
      if (actual.failure() != null) {
        error.initCause(actual.failure());
      }
      throw error;
    }
    if (!actual.failed() && expected.value() instanceof GenericData.Record
        && !Models.hasConversions(compareModel)
        && !expected.value().equals(actual.value())) {
      throw new AssertionError("GenericData.equals disagrees with the deep comparison\n" + context);
    }
  }

  /** Encodes {@code datum} with vanilla {@link GenericDatumWriter}. */
  public static byte[] encode(Schema schema, GenericData model, Object datum) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(out, null);
      new GenericDatumWriter<>(schema, model).write(datum, encoder);
      encoder.flush();
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads one datum; a reader that leaves bytes unread fails, since it would corrupt the next datum in a stream. */
  @SuppressWarnings("unchecked")
  public static Outcome read(DatumReader<?> reader, byte[] bytes, Object reuse) {
    Outcome outcome = read(reader, DecoderFactory.get().binaryDecoder(bytes, null), reuse);
    if (reader instanceof KavroDatumReader && reuse == null) {
      // Kavro's own decoder for in-memory bytes must give exactly what Avro's BinaryDecoder gives.
      Outcome fast = read(reader, new ByteArrayDecoder(bytes, 0, bytes.length), null);
      if (fast.failed() != outcome.failed() || !String.valueOf(fast.value()).equals(String.valueOf(outcome.value()))
          || (fast.value() != null && fast.value().getClass() != outcome.value().getClass())) {
        return new Outcome(null, new IllegalStateException("ByteArrayDecoder read " + fast + " where BinaryDecoder read "
            + outcome));
      }
    }
    return outcome;
  }

  private static Outcome read(DatumReader<?> reader, Decoder decoder, Object reuse) {
    try {
      Object value = ((DatumReader<Object>) reader).read(reuse, decoder);
      boolean end = decoder instanceof BinaryDecoder binary ? binary.isEnd() : ((ByteArrayDecoder) decoder).isEnd();
      if (!end) {
        return new Outcome(null, new IllegalStateException("The reader left bytes unread"));
      }
      return new Outcome(value, null);
    } catch (IOException | RuntimeException e) {
      return new Outcome(null, e);
    }
  }

  /** Why the oracle expects a value where vanilla 1.12.2 fails (see {@link #expect}). */
  public enum Rescue { COLLECTION_GUARD, WRITER_DEFAULTS, PATHS_DISAGREE }

  /**
   * A decoded value, or the exception that reading threw. An expected value may carry a {@link Rescue}: vanilla
   * failed on this valid data, and the value comes from a workaround; a candidate must return it all the same.
   */
  public record Outcome(Object value, Throwable failure, Rescue rescue) {
    public Outcome(Object value, Throwable failure) {
      this(value, failure, null);
    }

    /** Whether reading threw. */
    public boolean failed() {
      return failure != null;
    }

    Optional<String> differenceTo(Outcome other, Schema schema, GenericData model) {
      if (failed() || other.failed()) {
        return failed() == other.failed() ? Optional.empty()
            : Optional.of(failed() ? "expected a failure but read a value" : "expected a value but reading failed");
      }
      return DatumDiff.between(value, other.value, schema, model);
    }

    @Override
    public String toString() {
      return failed() ? "FAILED " + failure : value + (rescue == null ? "" : " (vanilla 1.12.2 fails: " + rescue + ")");
    }
  }
}
