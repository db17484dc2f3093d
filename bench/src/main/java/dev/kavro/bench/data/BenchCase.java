package dev.kavro.bench.data;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.util.ClassSecurityValidator;

/**
 * One benchmark case: a writer schema, a reader schema, the data model (generic or specific), and {@value #RECORDS}
 * seeded records encoded with the writer schema. Every engine reads the same bytes.
 *
 * <p>Names: a bench schema ({@code organization}, ...), {@code random-<fields>-<flat|deep>}, or a shape family
 * ({@code wide}, {@code nested}, {@code strings}, {@code unions}, see {@link ShapeSchemas}) with an optional data
 * profile suffix ({@code -short}, {@code -long}, see {@link DataProfile}); optionally prefixed with {@code specific:}
 * (read into the generated class), {@code evolved:} (see {@link Evolution#evolved}) or {@code upper:} (see
 * {@link Evolution#upperCased}).
 */
public final class BenchCase {
  /** Records per benchmark operation, as in RTB House's published numbers. */
  public static final int RECORDS = 1000;

  /**
   * The shape families with Kafka-like data, and {@code strings} once more with short strings: generic, one schema,
   * so that every engine (Connect's too) can run them.
   */
  public static final List<String> SHAPE_CASES = List.of("wide", "nested", "strings", "strings-short", "unions");

  /** The cases the ratio runner decodes by default. */
  public static final List<String> DECODE_CASES = List.of(
      "organization", "user80", "unionHeavy", "ksql-metrics", "ksql-impressions",
      "specific:organization", "specific:user80", "specific:unionHeavy", "specific:ksql-metrics",
      "random-10-flat", "random-100-flat", "random-10-deep", "random-100-deep",
      "evolved:random-100-flat", "evolved:random-10-deep", "upper:ksql-metrics",
      "wide", "nested", "strings", "strings-short", "unions");

  /** The cases the ratio runner encodes by default: those whose writer and reader are the same. */
  public static final List<String> ENCODE_CASES =
      DECODE_CASES.stream().filter(n -> !n.startsWith("evolved:") && !n.startsWith("upper:")).toList();

  /**
   * The cases the ratio runner converts with Kafka Connect by default: generic, one schema, the record-shaped data
   * Connect pipelines carry. The converter also maps {@code unionHeavy} and the {@code -deep} random cases (the
   * bench's tests check them; pass them with {@code --connect-cases}); they are left out of the default run, where
   * Connect's union structs and deep nesting would weigh more than the common shapes. Specific, {@code evolved:} and
   * {@code upper:} cases do not apply: Connect reads generic data of the writer's schema.
   */
  public static final List<String> CONNECT_CASES = List.of(
      "organization", "user80", "ksql-metrics", "ksql-impressions", "random-10-flat", "random-100-flat");

  /** Every case the Connect engines accept: the generic cases whose writer and reader are the same. */
  public static final List<String> CONNECT_CAPABLE_CASES =
      ENCODE_CASES.stream().filter(n -> !n.startsWith("specific:")).toList();

  /** The packages of the classes generated from the bench schemas (Avro 1.12 only loads trusted classes). */
  private static final Set<String> GENERATED_PACKAGES =
      Set.of("com.jerolba.xbuffers.avro", "com.ctheu", "rtb", "io.confluent.ksql.bench", "streams");

  static {
    ClassSecurityValidator.setGlobal(ClassSecurityValidator.composite(ClassSecurityValidator.getGlobal(),
        type -> GENERATED_PACKAGES.contains(type.getPackageName())));
  }

  private static final Pattern RANDOM = Pattern.compile("random-(\\d+)-(flat|deep)");
  private static final Pattern SHAPE = Pattern.compile("(wide|nested|strings|unions)(?:-(\\w+))?");
  private static final int ORGANIZATION_ATTRIBUTES = 40;
  /**
   * Distinct records of {@code nested}, repeated to fill {@value #RECORDS}: one of them is about 80 KB of Avro and
   * 0.6 MB of generic objects, and a thousand distinct ones would take 14 s and 600 MB to build in every fork. Fifty
   * (4 MB of bytes) are far more than any branch predictor or data cache holds.
   */
  private static final int NESTED_DISTINCT = 50;

  public final String name;
  public final Schema writer;
  public final Schema reader;
  /** The generated class read into, or {@code null} for generic cases. */
  public final Class<?> specificClass;
  /** The records as generic data of the writer schema. */
  public final List<Object> writerData;
  /** The records as Avro binary of the writer schema, without any framing. */
  public final byte[][] bodies;
  /**
   * How many of the records are distinct: records {@code i} and {@code i % distinct} are the same. {@value #RECORDS}
   * except for the big {@code nested} records; checking the first {@code distinct} records checks them all.
   */
  public final int distinct;

  private BenchCase(String name, Schema writer, Schema reader, Class<?> specificClass, List<Object> writerData,
      int distinct) {
    this.name = name;
    this.writer = writer;
    this.reader = reader;
    this.specificClass = specificClass;
    this.writerData = writerData;
    this.distinct = distinct;
    this.bodies = encode(writer, writerData, distinct);
  }

  /**
   * Builds a case by name; the same name always gives the same schemas and bytes.
   *
   * @throws IllegalArgumentException for an unknown name, or {@code specific:} of a schema without generated class
   */
  public static BenchCase load(String name) {
    String base = name.contains(":") ? name.substring(name.indexOf(':') + 1) : name;
    String variant = name.contains(":") ? name.substring(0, name.indexOf(':')) : "";
    Schema writer = baseSchema(base);
    int distinct = base.startsWith("nested") ? NESTED_DISTINCT : RECORDS;
    List<Object> data = new ArrayList<>(RECORDS);
    RandomDatum random = new RandomDatum(base.hashCode(), profile(base));
    for (int i = 0; i < RECORDS; i++) {
      data.add(i < distinct ? random.next(writer) : data.get(i % distinct));
    }
    return switch (variant) {
      case "" -> new BenchCase(name, writer, writer, null, data, distinct);
      case "evolved" -> new BenchCase(name, writer, Evolution.evolved(writer), null, data, distinct);
      case "upper" -> new BenchCase(name, writer, Evolution.upperCased(writer), null, data, distinct);
      case "specific" -> {
        Class<?> type = SpecificData.get().getClass(writer);
        if (type == null) {
          throw new IllegalArgumentException("No generated class for " + writer.getFullName() + " in case " + name);
        }
        yield new BenchCase(name, writer, SpecificData.get().getSchema(type), type, data, distinct);
      }
      default -> throw new IllegalArgumentException("Unknown variant '" + variant + "' in case " + name);
    };
  }

  /** Whether a case name, with or without a variant prefix, names a shape family ({@link ShapeSchemas}). */
  public static boolean isShape(String name) {
    return SHAPE.matcher(name.substring(name.indexOf(':') + 1)).matches();
  }

  public boolean isSpecific() {
    return specificClass != null;
  }

  /**
   * Whether writer and reader encode alike (same parsing canonical form; a generated class's schema adds only
   * {@code avro.java.string} props), so that an encode benchmark is meaningful.
   */
  public boolean sameSchema() {
    return SchemaNormalization.toParsingForm(writer).equals(SchemaNormalization.toParsingForm(reader));
  }

  /**
   * A fresh vanilla data model: Avro's classic resolving reader ({@code fastReader = false}) or its
   * FastReaderBuilder ({@code true}, Avro's default). A model of its own, so that both run side by side in one JVM.
   */
  public GenericData vanillaModel(boolean fastReader) {
    GenericData model = isSpecific() ? new SpecificData(specificClass.getClassLoader()) : new GenericData();
    model.setFastReaderEnabled(fastReader);
    return model;
  }

  /** The model Kavro reads with: the generated class's own, or the shared generic one (as the serdes use). */
  public GenericData kavroModel() {
    return isSpecific() ? SpecificData.getForClass(specificClass) : GenericData.get();
  }

  /** The records in the reader's model, for the encoders: generic records, or instances of the generated class. */
  public List<Object> readerData() {
    if (!isSpecific()) {
      return writerData;
    }
    SpecificDatumReader<Object> vanilla = new SpecificDatumReader<>(writer, reader, (SpecificData) kavroModel());
    List<Object> out = new ArrayList<>(bodies.length);
    BinaryDecoder decoder = null;
    try {
      for (byte[] body : bodies) {
        decoder = DecoderFactory.get().binaryDecoder(body, decoder);
        out.add(vanilla.read(null, decoder));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** Total size of the encoded records. */
  public long totalBytes() {
    long total = 0;
    for (byte[] body : bodies) {
      total += body.length;
    }
    return total;
  }

  static Schema baseSchema(String base) {
    Matcher m = RANDOM.matcher(base);
    if (m.matches()) {
      int fields = Integer.parseInt(m.group(1));
      int depth = m.group(2).equals("deep") ? 3 : 1;
      return RandomSchemas.generate("Random" + fields + m.group(2), 42L * fields + depth, fields, depth);
    }
    Matcher shape = SHAPE.matcher(base);
    if (shape.matches()) {
      return ShapeSchemas.get(shape.group(1));
    }
    return BenchSchemas.load(base);
  }

  /** Shapes draw Kafka-like sizes (their suffix may name another profile); the original cases keep their data. */
  private static DataProfile profile(String base) {
    Matcher shape = SHAPE.matcher(base);
    if (shape.matches()) {
      return DataProfile.forSuffix(shape.group(2) == null ? "" : shape.group(2));
    }
    return DataProfile.legacy(base.equals("organization") ? ORGANIZATION_ATTRIBUTES : -1);
  }

  private static byte[][] encode(Schema schema, List<Object> data, int distinct) {
    GenericDatumWriter<Object> writer = new GenericDatumWriter<>(schema);
    byte[][] out = new byte[data.size()][];
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(bytes, null);
    try {
      for (int i = 0; i < out.length; i++) {
        if (i >= distinct) {
          out[i] = out[i % distinct];
          continue;
        }
        bytes.reset();
        writer.write(data.get(i), encoder);
        encoder.flush();
        out[i] = bytes.toByteArray();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  @Override
  public String toString() {
    return name;
  }
}
