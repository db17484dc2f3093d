package dev.kavro.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kavro.avro.KavroDatumReader;
import dev.kavro.runtime.ByteArrayDecoder;
import java.io.ByteArrayOutputStream;
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
 * <p>With {@code caseRule} set, the reader schema first gets the aliases of {@link CaseFallbackAliases}, so the
 * oracle encodes Kavro's upper-case fallback on top of the Avro specification.
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
    Schema effective = caseRule ? CaseFallbackAliases.apply(writer, reader) : reader;
    return new Oracle(writer, effective, effective != reader, Models.generic(false, conversions),
        (w, fastRead) -> new GenericDatumReader<>(w, effective, Models.generic(fastRead, conversions)));
  }

  /** An oracle for specific readers; {@code reader} is the schema of a generated class. */
  public static Oracle specific(Schema writer, Schema reader, boolean caseRule) {
    Schema effective = caseRule ? CaseFallbackAliases.apply(writer, reader) : reader;
    return new Oracle(writer, effective, effective != reader, Models.specific(false),
        (w, fastRead) -> new SpecificDatumReader<>(w, effective, Models.specific(fastRead)));
  }

  /** Whether the case fallback changes this pair's resolution (so plain Avro would read it differently). */
  public boolean caseRuleInPlay() {
    return caseRuleInPlay;
  }

  /** The reader schema vanilla Avro resolves against (with case-fallback aliases, if any). */
  public Schema effectiveReader() {
    return reader;
  }

  /**
   * Vanilla Avro's outcome for {@code bytes}.
   *
   * <p>Where vanilla 1.12.2 rejects valid data, the oracle works around its two known bugs and expects the value;
   * a candidate may then either return it or fail like vanilla (see {@link Outcome#toleratedFailure()}):
   * <ul>
   *   <li>The allocation guard (AVRO-4241/4300) sizes array and map elements by the <em>reader</em> schema, so it
   *       rejects data whose reader elements are larger than the written ones (a record that gained fields with
   *       defaults) when the collection ends near the end of the buffer; for maps only the classic reader checks, so
   *       fastread on and off then disagree. Workaround: padding after the datum, and a check that the read consumed
   *       exactly the datum.
   *   <li>{@code Schema.applyAliases} keeps a writer field's record default while renaming that record's fields
   *       after reader aliases, then rejects the now "invalid" default. Writer defaults never affect decoding, so the
   *       workaround reads with a writer schema stripped of defaults.
   *   <li>Any other case where one of the fast and classic readers fails and the other reads a value (seen: a
   *       writer union read into a non-union logical type with conversions fails on the fast path with "Cannot
   *       convert ... expected generic type"): the value is expected, the failure tolerated.
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
      return new Outcome(value.value(), null, (on.failed() ? on : off).failure());
    }
    agreed(on, off);
    if (on.failed() || off.toleratedFailure() == null) {
      return on;
    }
    return new Outcome(on.value(), null, on.toleratedFailure() != null ? on.toleratedFailure() : off.toleratedFailure());
  }

  /** A failed vanilla read turned into a value (with the failure tolerated) if one of the workarounds reads it. */
  private Outcome rescued(Outcome outcome, boolean fastRead, byte[] bytes) {
    if (!outcome.failed()) {
      return outcome;
    }
    Outcome workaround = readPadded(fastRead ? fastOn : fastOff, bytes);
    if (workaround.failed()) {
      if (noDefaultsOn == null) {
        Schema stripped = withoutDefaults(writer);
        noDefaultsOn = vanilla.apply(stripped, true);
        noDefaultsOff = vanilla.apply(stripped, false);
      }
      workaround = readPadded(fastRead ? noDefaultsOn : noDefaultsOff, bytes);
    }
    return workaround.failed() ? outcome : new Outcome(workaround.value(), null, outcome.failure());
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
      return AvroBytes.remaining(decoder) == PADDING ? new Outcome(value, null)
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
    // With the case rule in play, the expected records carry the alias-augmented reader schema, so equals (which
    // compares schemas) cannot agree; the deep comparison above already checked every value.
    if (!caseRuleInPlay && !actual.failed() && expected.value() instanceof GenericData.Record
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

  /**
   * A decoded value, or the exception that reading threw. An expected value may carry a {@code toleratedFailure}:
   * vanilla's own (wrong) failure on valid data, which a candidate may reproduce instead of returning the value.
   */
  public record Outcome(Object value, Throwable failure, Throwable toleratedFailure) {
    public Outcome(Object value, Throwable failure) {
      this(value, failure, null);
    }

    /** Whether reading threw. */
    public boolean failed() {
      return failure != null;
    }

    Optional<String> differenceTo(Outcome other, Schema schema, GenericData model) {
      if (other.failed() && toleratedFailure != null) {
        return Optional.empty();
      }
      if (failed() || other.failed()) {
        return failed() == other.failed() ? Optional.empty()
            : Optional.of(failed() ? "expected a failure but read a value" : "expected a value but reading failed");
      }
      return DatumDiff.between(value, other.value, schema, model);
    }

    @Override
    public String toString() {
      return failed() ? "FAILED " + failure
          : value + (toleratedFailure == null ? "" : " (or, like vanilla 1.12.2, FAILED " + toleratedFailure + ")");
    }
  }
}
