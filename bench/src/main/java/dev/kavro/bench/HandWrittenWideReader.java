package dev.kavro.bench;

import dev.kavro.bench.data.BenchCase;
import dev.kavro.bench.data.ShapeSchemas;
import dev.kavro.bench.data.ShapeSchemas.Kind;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.Decoder;
import org.apache.avro.util.Utf8;

/**
 * The third reference limit, for the {@code wide} shape (100 fields: ten times a map of strings, an array of longs,
 * an enum, a nullable string, int, long, string, double, boolean, float): what a person would write by hand, ten
 * rounds of the ten kinds straight from the decoder, with no resolution and no per-field dispatch. It builds what
 * {@code GenericDatumReader} builds ({@code HashMap}s of {@code Utf8}, {@code GenericData.Array}s of {@code Long},
 * {@code EnumSymbol}s), so results compare equal to Avro's. Works over any {@link Decoder}: Kavro's in-memory one and
 * Avro's {@code BinaryDecoder}.
 */
final class HandWrittenWideReader implements DatumReader<Object> {
  private static final int KINDS = Kind.values().length;

  private final Schema wide;
  private final Schema longArray;
  private final GenericData.EnumSymbol[] symbols;

  HandWrittenWideReader(Schema wide) {
    this.wide = wide;
    this.longArray = wide.getField(Kind.ARRAY_OF_LONGS.stem + Kind.ARRAY_OF_LONGS.ordinal()).schema();
    Schema status = wide.getField(Kind.ENUM.stem + Kind.ENUM.ordinal()).schema();
    this.symbols = status.getEnumSymbols().stream()
        .map(s -> new GenericData.EnumSymbol(status, s))
        .toArray(GenericData.EnumSymbol[]::new);
  }

  static boolean applies(BenchCase c) {
    return c.writer.equals(ShapeSchemas.wide()) && c.sameSchema() && !c.isSpecific();
  }

  @Override
  public void setSchema(Schema schema) {
    throw new UnsupportedOperationException("Reads the wide shape only");
  }

  @Override
  public Object read(Object reuse, Decoder in) throws IOException {
    GenericData.Record r = new GenericData.Record(wide);
    int fields = wide.getFields().size();
    for (int base = 0; base < fields; base += KINDS) {
      r.put(base, stringMap(in));
      r.put(base + 1, longs(in));
      r.put(base + 2, symbols[in.readEnum()]);
      r.put(base + 3, in.readIndex() == 0 ? nullValue(in) : in.readString(null));
      r.put(base + 4, in.readInt());
      r.put(base + 5, in.readLong());
      r.put(base + 6, in.readString(null));
      r.put(base + 7, in.readDouble());
      r.put(base + 8, in.readBoolean());
      r.put(base + 9, in.readFloat());
    }
    return r;
  }

  private static Map<Utf8, Utf8> stringMap(Decoder in) throws IOException {
    long n = in.readMapStart();
    // Sized as GenericDatumReader sizes it, so that even the iteration order (toString) matches Avro's.
    Map<Utf8, Utf8> map = new HashMap<>((int) n);
    while (n > 0) {
      for (long i = 0; i < n; i++) {
        Utf8 key = in.readString(null);
        map.put(key, in.readString(null));
      }
      n = in.mapNext();
    }
    return map;
  }

  private GenericData.Array<Long> longs(Decoder in) throws IOException {
    long n = in.readArrayStart();
    GenericData.Array<Long> array = new GenericData.Array<>((int) n, longArray);
    while (n > 0) {
      for (long i = 0; i < n; i++) {
        array.add(in.readLong());
      }
      n = in.arrayNext();
    }
    return array;
  }

  private static Object nullValue(Decoder in) throws IOException {
    in.readNull();
    return null;
  }
}
