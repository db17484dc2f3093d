package dev.kavro.connect;

import java.io.IOException;
import org.apache.avro.io.Encoder;

/** Encodes one Connect value of a fixed Connect schema as the Avro body of its Avro schema. Thread-safe. */
interface ConnectEncoder {
  void encode(Object value, Encoder out) throws IOException;
}
