package dev.kavro.connect;

import dev.kavro.avro.KavroDatumReader;
import dev.kavro.avro.CompileMode;
import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.AvroToConnectValue;
import dev.kavro.runtime.ByteArrayDecoder;
import dev.kavro.runtime.NestingLimit;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.Decoder;

/**
 * The reference path: read a generic datum with Kavro's reader (plan, cache, modes and fallback), then convert it to
 * Connect as AvroData does. The fast path must give equal results.
 */
final class GenericPathDecoder implements ConnectDecoder {
  private final DatumReader<Object> reader;
  private final Schema readerSchema;
  private final org.apache.kafka.connect.data.Schema connectSchema;
  private final AvroDataSettings settings;

  GenericPathDecoder(Schema writer, Schema reader, org.apache.kafka.connect.data.Schema connectSchema,
      AvroDataSettings settings, CompileMode mode) {
    this.reader = KavroDatumReader.create(writer, reader, GenericData.get(), mode);
    this.readerSchema = reader;
    this.connectSchema = connectSchema;
    this.settings = settings;
  }

  @Override
  public Object decode(Decoder in) throws IOException {
    Object datum = reader.read(null, in);
    if (in instanceof ByteArrayDecoder bytes) {
      // The conversion recurses as deeply as the datum: a deep one is read and converted again on a deep stack.
      NestingLimit.requireStackFor(bytes);
    }
    return AvroToConnectValue.convert(readerSchema, connectSchema, datum, settings);
  }
}
