package dev.kavro.connect;

import dev.kavro.avro.KavroDatumWriter;
import dev.kavro.avro.CompileMode;
import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.ConnectToAvroValue;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.Encoder;

/** The reference path: convert to Avro generic data as AvroData does, then write it with Kavro's writer. */
final class GenericPathEncoder implements ConnectEncoder {
  private final org.apache.kafka.connect.data.Schema connect;
  private final Schema avro;
  private final AvroDataSettings settings;
  private final DatumWriter<Object> writer;

  GenericPathEncoder(org.apache.kafka.connect.data.Schema connect, Schema avro, AvroDataSettings settings,
      CompileMode mode) {
    this.connect = connect;
    this.avro = avro;
    this.settings = settings;
    this.writer = KavroDatumWriter.create(avro, GenericData.get(), mode);
  }

  @Override
  public void encode(Object value, Encoder out) throws IOException {
    writer.write(ConnectToAvroValue.convert(connect, avro, value, settings), out);
  }
}
