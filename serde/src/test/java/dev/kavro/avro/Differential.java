package dev.kavro.avro;

import dev.kavro.testing.Models;
import dev.kavro.testing.Oracle;
import dev.kavro.testing.Oracle.Outcome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.DecoderFactory;

/** Runs generic Kavro readers against the vanilla oracle for hand-written cases. */
final class Differential {
  private Differential() {}

  static Schema schema(String json) {
    return new Schema.Parser().parse(json);
  }

  /** A datum from Avro's JSON encoding (unions as {"type": value}), in the generic representation. */
  static Object datum(Schema schema, String json) {
    try {
      return new GenericDatumReader<>(schema).read(null, DecoderFactory.get().jsonDecoder(schema, json));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@link #read(CompileMode, Schema, Schema, boolean, List)} without logical-type conversions. */
  static List<Outcome> read(CompileMode mode, Schema writer, Schema reader, Object... data) {
    return read(mode, writer, reader, false, List.of(data));
  }

  /**
   * Writes each datum with {@code writer}, reads it with Kavro in {@code mode} (models with fastread on, then off)
   * and asserts agreement with the oracle, including the compiled state. An ASYNC reader is read again after
   * {@link KavroDatumReader#awaitCompiled}, so both sides of its swap are checked.
   *
   * @return Kavro's outcomes (from the fastread-on model), for the caller's own concrete assertions
   */
  static List<Outcome> read(CompileMode mode, Schema writer, Schema reader, boolean conversions, List<Object> data) {
    Oracle oracle = Oracle.generic(writer, reader, conversions, KavroImplementation.implementsCaseFallback());
    GenericData writerModel = Models.generic(false, conversions);
    List<byte[]> encoded = new ArrayList<>();
    List<Outcome> expected = new ArrayList<>();
    for (Object datum : data) {
      byte[] bytes = Oracle.encode(writer, writerModel, datum);
      encoded.add(bytes);
      expected.add(oracle.expect(bytes));
    }
    List<Outcome> results = null;
    for (boolean fastRead : new boolean[] {true, false}) {
      KavroDatumReader<Object> kavro = KavroDatumReader.create(writer, reader, Models.generic(fastRead, conversions),
          mode);
      List<Outcome> actual = readAll(kavro, oracle, encoded, expected, mode, fastRead, writer, reader);
      KavroImplementation.assertCompiledState(kavro, mode);
      if (mode == CompileMode.ASYNC && kavro.awaitCompiled(Duration.ofSeconds(30))) {
        readAll(kavro, oracle, encoded, expected, mode, fastRead, writer, reader);
      }
      results = results == null ? actual : results;
    }
    return results;
  }

  private static List<Outcome> readAll(KavroDatumReader<Object> kavro, Oracle oracle, List<byte[]> encoded,
      List<Outcome> expected, CompileMode mode, boolean fastRead, Schema writer, Schema reader) {
    List<Outcome> actual = new ArrayList<>();
    for (int i = 0; i < encoded.size(); i++) {
      Outcome outcome = Oracle.read(kavro, encoded.get(i), null);
      oracle.assertAgrees(expected.get(i), outcome, "mode=" + mode + " fastread=" + fastRead + " datum #" + i
          + "\nwriter: " + writer + "\nreader: " + reader);
      actual.add(outcome);
    }
    return actual;
  }
}
