package dev.kavro.connect;

import java.io.IOException;
import org.apache.avro.io.Decoder;

/** Decodes one Avro body into a Connect value of a fixed Connect schema. Thread-safe implementations only. */
interface ConnectDecoder {
  Object decode(Decoder in) throws IOException;
}
