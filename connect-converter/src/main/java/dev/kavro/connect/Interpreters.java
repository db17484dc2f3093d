package dev.kavro.connect;

import dev.kavro.avro.CompileMode;
import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.CyclicSchema;
import dev.kavro.connect.runtime.StructFiller;
import org.apache.avro.Schema;

/**
 * The converter's decoders and encoders: its interpreters ({@link ConnectReadInterpreter},
 * {@link ConnectWriteInterpreter}), and the generic path for recursive Connect schemas, the one place that decides so:
 * the interpreters build their node trees eagerly, and a tree of a recursive schema would not end.
 *
 * <p>Thread-safe.
 */
final class Interpreters implements ConnectDecoderFactory, ConnectEncoderFactory {
  /** The converter's: structs filled and read positionally where Connect allows it. */
  static final Interpreters DEFAULT = new Interpreters(StructFiller.DEFAULT);

  private final StructFiller filler;

  /** Interpreters filling and reading structs with {@code filler}. */
  Interpreters(StructFiller filler) {
    this.filler = filler;
  }

  @Override
  public ConnectDecoder decoder(Schema writer, Schema reader, org.apache.kafka.connect.data.Schema connect,
      AvroDataSettings settings, CompileMode mode) {
    if (CyclicSchema.isRecursive(connect)) {
      return new GenericPathDecoder(writer, reader, connect, settings, mode);
    }
    return ConnectReadInterpreter.create(writer, reader, connect, settings, mode, filler);
  }

  @Override
  public ConnectEncoder encoder(org.apache.kafka.connect.data.Schema connect, Schema avro, AvroDataSettings settings,
      CompileMode mode) {
    if (CyclicSchema.isRecursive(connect)) {
      return new GenericPathEncoder(connect, avro, settings, mode);
    }
    return ConnectWriteInterpreter.create(connect, avro, settings, filler);
  }
}
