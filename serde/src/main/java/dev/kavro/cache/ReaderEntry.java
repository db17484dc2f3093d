package dev.kavro.cache;

import dev.kavro.codegen.ReaderGenerator;
import dev.kavro.fallback.PlanInterpreter;
import dev.kavro.plan.ReadPlan;
import dev.kavro.runtime.GeneratedReader;
import java.io.IOException;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.Decoder;

/**
 * The reader for one (writer, reader, model) key: the plan's fallback, and compiled code once it is ready.
 *
 * <p>Compilation happens at most once per entry; a failure is sticky and the fallback, which gives the same results,
 * keeps serving. Thread-safe.
 */
public final class ReaderEntry extends CompiledEntry<GeneratedReader> {
  private final ReaderCache cache;
  private final DatumReader<Object> fallback;
  /** Reads served by the fallback while compiled code was allowed; not exact under contention, need not be. */
  private int fallbackReadsHere;

  private ReaderEntry(ReaderCache cache, DatumReader<Object> fallback, CompiledSlot<GeneratedReader> compiled) {
    super(compiled);
    this.cache = cache;
    this.fallback = fallback;
  }

  static ReaderEntry planned(ReaderCache cache, ReaderKey key, ReadPlan plan, GenericData model) {
    CompiledSlot<GeneratedReader> slot = new CompiledSlot<>(cache.compileService(), key, "reader", () -> {
      cache.compileService().limits().check(plan);
      return ReaderGenerator.generate(plan, model);
    });
    return new ReaderEntry(cache, new InterpreterReader(new PlanInterpreter(plan, model)), slot);
  }

  /** An entry for a pair Kavro does not plan: vanilla Avro reads it, and it never compiles. */
  static ReaderEntry vanilla(ReaderCache cache, DatumReader<Object> vanilla, String reason) {
    return new ReaderEntry(cache, new StackBoundedReader(vanilla), CompiledSlot.unavailable("reader", reason));
  }

  /**
   * Reads one datum, through compiled code when it is ready and {@code allowCompiled}.
   *
   * @throws IOException when the input ends early or is malformed
   */
  public Object read(Object reuse, Decoder in, boolean allowCompiled) throws IOException {
    if (allowCompiled) {
      GeneratedReader code = compiledCode();
      if (code != null) {
        cache.compiledReads.increment();
        return code.read(reuse, in);
      }
      // Compile what is used: a pair read often enough, as a JIT does. Racy counts only shift the moment a little.
      if (++fallbackReadsHere >= cache.compileThreshold()) {
        compileAsync();
      }
    }
    cache.fallbackReads.increment();
    return fallback.read(reuse, in);
  }


  /** The class loader of the compiled class, or {@code null}; // visible for testing (unloading) */
  ClassLoader compiledClassLoader() {
    GeneratedReader code = compiledCode();
    return code == null ? null : code.getClass().getClassLoader();
  }

  /**
   * Vanilla Avro's reader for the pairs Kavro does not plan. It has no depth count, so a datum nested deeper than the
   * stack allows ends its recursion; that one error, raised by the input alone, becomes a typed failure of the read
   * (the partial datum is dropped, nothing else is shared).
   */
  private record StackBoundedReader(DatumReader<Object> vanilla) implements DatumReader<Object> {
    @Override
    public void setSchema(Schema schema) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Object read(Object reuse, Decoder in) throws IOException {
      try {
        return vanilla.read(reuse, in);
      } catch (StackOverflowError e) {
        throw new AvroRuntimeException("Datum nested too deeply for Avro's reader on this thread's stack");
      }
    }
  }

  /** Adapts the interpreter to Avro's reader interface. */
  private record InterpreterReader(PlanInterpreter interpreter) implements DatumReader<Object> {
    @Override
    public void setSchema(Schema schema) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Object read(Object reuse, Decoder in) throws IOException {
      return interpreter.read(reuse, in);
    }
  }
}
