package dev.kavro.connect;

import dev.kavro.avro.CompileMode;
import dev.kavro.connect.data.AvroDataSettings;
import org.apache.avro.Schema;

/** Builds the decoder of one (writer schema, reader schema, Connect schema); the converter's is {@link Interpreters}. */
interface ConnectDecoderFactory {
  ConnectDecoder decoder(Schema writer, Schema reader, org.apache.kafka.connect.data.Schema connect,
      AvroDataSettings settings, CompileMode mode);
}
