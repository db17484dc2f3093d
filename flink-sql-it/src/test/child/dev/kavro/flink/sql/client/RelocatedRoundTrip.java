package dev.kavro.flink.sql.client;

import dev.kavro.avro.CompileMode;
import dev.kavro.avro.KavroDatumReader;
import dev.kavro.avro.KavroDatumWriter;
import dev.kavro.shaded.org.apache.avro.Schema;
import dev.kavro.shaded.org.apache.avro.generic.GenericData;
import dev.kavro.shaded.org.apache.avro.generic.GenericDatumReader;
import dev.kavro.shaded.org.apache.avro.generic.GenericDatumWriter;
import dev.kavro.shaded.org.apache.avro.generic.GenericRecord;
import dev.kavro.shaded.org.apache.avro.io.BinaryEncoder;
import dev.kavro.shaded.org.apache.avro.io.DecoderFactory;
import dev.kavro.shaded.org.apache.avro.io.EncoderFactory;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Kavro's compiled readers and writers from the relocated jar, in a JVM whose class path is Flink's lib/ (with
 * flink-table-runtime's own Janino) and the jar: random records of an evolving schema are written by the jar's
 * Avro, then read by a compiled Kavro reader and by that Avro's resolving reader, and written again by a compiled
 * Kavro writer. Prints what it found; the test that starts it decides.
 */
public final class RelocatedRoundTrip {
  private static final String WRITER = "{\"type\":\"record\",\"name\":\"Order\",\"namespace\":\"shop\",\"fields\":["
      + "{\"name\":\"id\",\"type\":\"int\"},"
      + "{\"name\":\"customer\",\"type\":\"string\"},"
      + "{\"name\":\"note\",\"type\":[\"null\",\"string\"],\"default\":null},"
      + "{\"name\":\"amount\",\"type\":\"double\"},"
      + "{\"name\":\"paid\",\"type\":\"boolean\"},"
      + "{\"name\":\"status\",\"type\":{\"type\":\"enum\",\"name\":\"Status\",\"symbols\":[\"NEW\",\"SHIPPED\",\"LOST\"]}},"
      + "{\"name\":\"tags\",\"type\":{\"type\":\"array\",\"items\":\"string\"}},"
      + "{\"name\":\"counts\",\"type\":{\"type\":\"map\",\"values\":\"int\"}},"
      + "{\"name\":\"address\",\"type\":{\"type\":\"record\",\"name\":\"Address\",\"fields\":["
      + "{\"name\":\"city\",\"type\":\"string\"},{\"name\":\"zip\",\"type\":\"int\"}]}},"
      + "{\"name\":\"dropped\",\"type\":\"long\"}]}";
  /** The next version: a promotion, a removed field, a new field with a default, fields in another order. */
  private static final String READER = "{\"type\":\"record\",\"name\":\"Order\",\"namespace\":\"shop\",\"fields\":["
      + "{\"name\":\"customer\",\"type\":\"string\"},"
      + "{\"name\":\"id\",\"type\":\"long\"},"
      + "{\"name\":\"amount\",\"type\":\"double\"},"
      + "{\"name\":\"note\",\"type\":[\"null\",\"string\"],\"default\":null},"
      + "{\"name\":\"paid\",\"type\":\"boolean\"},"
      + "{\"name\":\"status\",\"type\":{\"type\":\"enum\",\"name\":\"Status\",\"symbols\":[\"NEW\",\"SHIPPED\",\"LOST\"]}},"
      + "{\"name\":\"tags\",\"type\":{\"type\":\"array\",\"items\":\"string\"}},"
      + "{\"name\":\"counts\",\"type\":{\"type\":\"map\",\"values\":\"long\"}},"
      + "{\"name\":\"address\",\"type\":{\"type\":\"record\",\"name\":\"Address\",\"fields\":["
      + "{\"name\":\"city\",\"type\":\"string\"},{\"name\":\"zip\",\"type\":\"int\"}]}},"
      + "{\"name\":\"channel\",\"type\":\"string\",\"default\":\"web\"}]}";

  private RelocatedRoundTrip() {}

  public static void main(String[] args) throws Exception {
    long seed = Long.parseLong(args[0]);
    int count = Integer.parseInt(args[1]);
    Schema writer = new Schema.Parser().parse(WRITER);
    Schema reader = new Schema.Parser().parse(READER);
    Random random = new Random(seed);
    KavroDatumReader<GenericRecord> kavroReader = KavroDatumReader.generic(writer, reader, CompileMode.COMPILED);
    KavroDatumWriter<GenericRecord> kavroWriter =
        KavroDatumWriter.create(writer, GenericData.get(), CompileMode.COMPILED);
    GenericDatumReader<GenericRecord> avroReader = new GenericDatumReader<>(writer, reader);
    List<String> mismatches = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      GenericRecord order = randomOrder(writer, random, i);
      byte[] bytes = avroBytes(writer, order);
      GenericRecord expected = avroReader.read(null, DecoderFactory.get().binaryDecoder(bytes, null));
      GenericRecord actual = kavroReader.read(null, bytes, 0, bytes.length);
      if (!expected.equals(actual)) {
        mismatches.add("read " + i + ": " + actual + " != " + expected);
      }
      if (!Arrays.equals(bytes, kavroWriter.toBytes(order))) {
        mismatches.add("write " + i + ": " + order);
      }
    }
    System.out.println("RECORDS\t" + count);
    System.out.println("COMPILED\treader=" + kavroReader.isCompiled() + " writer=" + kavroWriter.isCompiled());
    System.out.println("MISMATCHES\t" + mismatches.size() + "\t" + mismatches.subList(0, Math.min(3, mismatches.size())));
    System.out.println("JANINO\tflink\t" + location("org.codehaus.janino.SimpleCompiler"));
    System.out.println("JANINO\tkavro\t" + location("dev.kavro.shaded.org.codehaus.janino.SimpleCompiler"));
    System.out.println("DONE");
  }

  private static GenericRecord randomOrder(Schema schema, Random random, int id) {
    GenericRecord order = new GenericData.Record(schema);
    order.put("id", id);
    order.put("customer", text(random));
    order.put("note", random.nextInt(4) == 0 ? null : text(random));
    order.put("amount", random.nextGaussian() * 1000);
    order.put("paid", random.nextBoolean());
    Schema status = schema.getField("status").schema();
    order.put("status", new GenericData.EnumSymbol(status, status.getEnumSymbols().get(random.nextInt(3))));
    List<String> tags = new ArrayList<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      tags.add(text(random));
    }
    order.put("tags", tags);
    Map<String, Integer> counts = new HashMap<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      counts.put(text(random), random.nextInt());
    }
    order.put("counts", counts);
    GenericRecord address = new GenericData.Record(schema.getField("address").schema());
    address.put("city", text(random));
    address.put("zip", random.nextInt(100_000));
    order.put("address", address);
    order.put("dropped", random.nextLong());
    return order;
  }

  /** ASCII, quotes, backslashes, accents, CJK and a character outside the BMP (a surrogate pair). */
  private static String text(Random random) {
    String[] pieces = {"a", "b", "z", " ", "\"", "\\", "\u00e9", "\u4e2d", "\ud834\udd1e"};
    StringBuilder text = new StringBuilder();
    for (int i = random.nextInt(12); i > 0; i--) {
      text.append(pieces[random.nextInt(pieces.length)]);
    }
    return text.toString();
  }

  private static byte[] avroBytes(Schema schema, GenericRecord datum) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<GenericRecord>(schema).write(datum, encoder);
    encoder.flush();
    return out.toByteArray();
  }

  private static String location(String className) throws ClassNotFoundException {
    Class<?> type = Class.forName(className);
    return String.valueOf(type.getProtectionDomain().getCodeSource().getLocation());
  }
}
