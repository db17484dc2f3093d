package dev.kavro.connect;

import dev.kavro.connect.runtime.StructFiller;
import dev.kavro.registry.SchemaRegistry;

/**
 * Which decoders and encoders a test's converter builds: the converter's own interpreters; the generic path, the
 * reference the tests compare with; the interpreters filling and reading structs through {@code Struct.put}/{@code
 * get}, as they do where Connect's struct internals cannot be reached.
 */
enum ConverterPaths {
  GENERIC(GenericPathDecoder::new, GenericPathEncoder::new),
  INTERPRETER(Interpreters.DEFAULT),
  INTERPRETER_THROUGH_PUT(new Interpreters(StructFiller.THROUGH_PUT));

  final ConnectDecoderFactory decoders;
  final ConnectEncoderFactory encoders;

  ConverterPaths(ConnectDecoderFactory decoders, ConnectEncoderFactory encoders) {
    this.decoders = decoders;
    this.encoders = encoders;
  }

  ConverterPaths(Interpreters interpreters) {
    this(interpreters, interpreters);
  }

  /** An unconfigured converter on {@code registry} building its decoders and encoders this way. */
  KavroConverter converter(SchemaRegistry registry) {
    return new KavroConverter(registry, decoders, encoders);
  }
}
