package dev.kavro.connect;

import dev.kavro.avro.CompileMode;
import dev.kavro.connect.data.AvroDataSettings;
import org.apache.avro.Schema;

/** Builds the encoder of one (Connect schema, Avro schema); the converter's is {@link Interpreters}. */
interface ConnectEncoderFactory {
  ConnectEncoder encoder(org.apache.kafka.connect.data.Schema connect, Schema avro, AvroDataSettings settings,
      CompileMode mode);
}
