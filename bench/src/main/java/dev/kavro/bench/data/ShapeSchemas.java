package dev.kavro.bench.data;

import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Field;
import org.apache.avro.Schema.Type;

/**
 * The shape families: schemas of the shapes Kafka topics carry, fixed by construction (not drawn at random), so that
 * a hand-written reader can follow them and every run benchmarks the same schema. Only their data is seeded (see
 * {@link DataProfile}). Field names are lower case, so that upper-cased readers can be derived.
 *
 * <ul>
 *   <li>{@code wide}: 100 fields, ten times the ten {@link Kind kinds} in order: a map of strings, an array of longs,
 *       an enum, a nullable string, int, long, string, double, boolean, float.
 *   <li>{@code nested}: 98 such fields plus a 25-field sub-record and an array of about 40 of them; each sub-record
 *       holds 24 such fields and a 25-field leaf record (three levels).
 *   <li>{@code strings}: 80 string fields, every fourth one nullable.
 *   <li>{@code unions}: 100 fields, ten times ten unions: nullable primitives, an enum, an array, a map and a record,
 *       and three-branch unions with and without null.
 * </ul>
 */
public final class ShapeSchemas {
  /** The shape names, as bench cases take them (with an optional data-profile suffix, see {@link DataProfile}). */
  public static final List<String> NAMES = List.of("wide", "nested", "strings", "unions");

  static final String NAMESPACE = "dev.kavro.bench.shape";
  static final int WIDE_FIELDS = 100;
  static final int SUB_RECORD_FIELDS = 25;
  static final int STRING_FIELDS = 80;

  /** The field kinds of {@code wide} and {@code nested}, in the order their fields repeat them. */
  public enum Kind {
    MAP_OF_STRINGS("tags"), ARRAY_OF_LONGS("counts"), ENUM("status"), NULLABLE_STRING("note"), INT("count"),
    LONG("ts"), STRING("name"), DOUBLE("amount"), BOOLEAN("flag"), FLOAT("ratio");

    /** The field name's stem; the field's index follows it. */
    public final String stem;

    Kind(String stem) {
      this.stem = stem;
    }

    /** The kind of field {@code i} in a run of these kinds. */
    public static Kind of(int i) {
      return values()[i % values().length];
    }
  }

  /** The symbols of the shared {@code Status} enum. */
  public static final List<String> STATUS_SYMBOLS =
      List.of("ACTIVE", "PENDING", "SUSPENDED", "CLOSED", "ARCHIVED", "DELETED", "UNKNOWN", "REVIEW");

  private ShapeSchemas() {}

  /**
   * The schema of a shape by name.
   *
   * @throws IllegalArgumentException for a name not in {@link #NAMES}
   */
  public static Schema get(String shape) {
    return switch (shape) {
      case "wide" -> wide();
      case "nested" -> nested();
      case "strings" -> strings();
      case "unions" -> unions();
      default -> throw new IllegalArgumentException("No shape named " + shape + " (known: " + NAMES + ")");
    };
  }

  public static Schema wide() {
    return Schema.createRecord("Wide", null, NAMESPACE, false, kindFields(WIDE_FIELDS, status()));
  }

  public static Schema nested() {
    Schema status = status();
    Schema leaf = Schema.createRecord("NestedLeaf", null, NAMESPACE, false, kindFields(SUB_RECORD_FIELDS, status));
    List<Field> detailFields = kindFields(SUB_RECORD_FIELDS - 1, status);
    detailFields.add(new Field("sub", leaf));
    Schema detail = Schema.createRecord("NestedDetail", null, NAMESPACE, false, detailFields);
    List<Field> fields = kindFields(WIDE_FIELDS - 2, status);
    fields.add(new Field("detail", detail));
    fields.add(new Field("items", Schema.createArray(detail)));
    return Schema.createRecord("Nested", null, NAMESPACE, false, fields);
  }

  public static Schema strings() {
    List<Field> fields = new ArrayList<>(STRING_FIELDS);
    for (int i = 0; i < STRING_FIELDS; i++) {
      Schema string = Schema.create(Type.STRING);
      fields.add(new Field("s" + i, i % 4 == 3 ? optional(string) : string));
    }
    return Schema.createRecord("Strings", null, NAMESPACE, false, fields);
  }

  public static Schema unions() {
    Schema status = status();
    Schema point = Schema.createRecord("Point", null, NAMESPACE, false, List.of(
        new Field("x", Schema.create(Type.DOUBLE)), new Field("y", Schema.create(Type.DOUBLE)),
        new Field("label", Schema.create(Type.STRING))));
    List<Field> fields = new ArrayList<>(WIDE_FIELDS);
    for (int i = 0; i < WIDE_FIELDS; i++) {
      Schema type = switch (i % 10) {
        case 0 -> optional(Schema.create(Type.STRING));
        case 1 -> optional(Schema.create(Type.LONG));
        case 2 -> union(Type.NULL, Type.INT, Type.STRING);
        case 3 -> union(Type.STRING, Type.LONG, Type.DOUBLE);
        case 4 -> optional(status);
        case 5 -> optional(Schema.createArray(Schema.create(Type.LONG)));
        case 6 -> optional(Schema.createMap(Schema.create(Type.STRING)));
        case 7 -> optional(point);
        case 8 -> union(Type.NULL, Type.BOOLEAN, Type.DOUBLE);
        default -> union(Type.LONG, Type.STRING);
      };
      fields.add(new Field("u" + i, type));
    }
    return Schema.createRecord("Unions", null, NAMESPACE, false, fields);
  }

  /** {@code n} fields of the kinds in {@link Kind} order, named {@code <stem><index>}. */
  private static List<Field> kindFields(int n, Schema status) {
    List<Field> fields = new ArrayList<>(n + 2);
    for (int i = 0; i < n; i++) {
      Kind kind = Kind.of(i);
      fields.add(new Field(kind.stem + i, type(kind, status)));
    }
    return fields;
  }

  private static Schema type(Kind kind, Schema status) {
    return switch (kind) {
      case MAP_OF_STRINGS -> Schema.createMap(Schema.create(Type.STRING));
      case ARRAY_OF_LONGS -> Schema.createArray(Schema.create(Type.LONG));
      case ENUM -> status;
      case NULLABLE_STRING -> optional(Schema.create(Type.STRING));
      case INT -> Schema.create(Type.INT);
      case LONG -> Schema.create(Type.LONG);
      case STRING -> Schema.create(Type.STRING);
      case DOUBLE -> Schema.create(Type.DOUBLE);
      case BOOLEAN -> Schema.create(Type.BOOLEAN);
      case FLOAT -> Schema.create(Type.FLOAT);
    };
  }

  private static Schema status() {
    return Schema.createEnum("Status", null, NAMESPACE, STATUS_SYMBOLS);
  }

  private static Schema optional(Schema type) {
    return Schema.createUnion(Schema.create(Type.NULL), type);
  }

  private static Schema union(Type... types) {
    List<Schema> branches = new ArrayList<>(types.length);
    for (Type t : types) {
      branches.add(Schema.create(t));
    }
    return Schema.createUnion(branches);
  }
}
