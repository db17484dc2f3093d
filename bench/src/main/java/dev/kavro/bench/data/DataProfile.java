package dev.kavro.bench.data;

import java.util.Random;
import java.util.function.ToIntFunction;
import org.apache.avro.Schema;

/**
 * How big the seeded data is: string lengths and collection sizes. The gain of one reader over another depends on
 * them (long strings make every reader a byte copier; small values make the per-field work count), so the shape
 * families take a profile from a case-name suffix: none for {@link #REALISTIC}, {@code -short} or {@code -long}.
 *
 * <p>A string field whose schema carries ksqlDB's {@code arg.properties} {@code length} keeps that length in every
 * profile.
 */
public final class DataProfile {
  /**
   * Kafka-like strings, a mixture: 55% of 3 to 16 characters (codes, names), 30% of 17 to 40 (ids, e-mail
   * addresses, UUIDs), 12% of 41 to 120 (URLs, paths), 3% of 121 to 600 (free text); mean about 34. Maps of 0 to 8
   * entries with keys of 5 to 18 characters, arrays of 0 to 16 primitives and of 30 to 50 records.
   */
  public static final DataProfile REALISTIC = new DataProfile("realistic", DataProfile::mixedLength,
      r -> 3 + r.nextInt(14), r -> r.nextInt(9), r -> r.nextInt(17), r -> 30 + r.nextInt(21));
  /** As {@link #REALISTIC} with strings of 1 to 8 characters (flags, country and currency codes, short enums). */
  public static final DataProfile SHORT = REALISTIC.withStrings("short", r -> 1 + r.nextInt(8));
  /** As {@link #REALISTIC} with strings of 64 to 512 characters (URLs with queries, JSON fragments, log lines). */
  public static final DataProfile LONG = REALISTIC.withStrings("long", r -> 64 + r.nextInt(449));

  public final String name;
  private final ToIntFunction<Random> stringLength;
  private final ToIntFunction<Random> mapKeyLength;
  private final ToIntFunction<Random> mapSize;
  private final ToIntFunction<Random> primitiveArrayLength;
  private final ToIntFunction<Random> recordArrayLength;

  private DataProfile(String name, ToIntFunction<Random> stringLength, ToIntFunction<Random> mapKeyLength,
      ToIntFunction<Random> mapSize, ToIntFunction<Random> primitiveArrayLength,
      ToIntFunction<Random> recordArrayLength) {
    this.name = name;
    this.stringLength = stringLength;
    this.mapKeyLength = mapKeyLength;
    this.mapSize = mapSize;
    this.primitiveArrayLength = primitiveArrayLength;
    this.recordArrayLength = recordArrayLength;
  }

  /**
   * The data of the bench's original cases, unchanged so that their figures stay comparable: strings of 4 to 24
   * characters, maps of 0 to 4 entries with 4-character keys, arrays of {@code arrayLength} items ({@code -1}: 0 to
   * 8).
   */
  public static DataProfile legacy(int arrayLength) {
    ToIntFunction<Random> arrays = arrayLength >= 0 ? r -> arrayLength : r -> r.nextInt(9);
    return new DataProfile("legacy", r -> 4 + r.nextInt(21), r -> 4, r -> r.nextInt(5), arrays, arrays);
  }

  /**
   * The profile a case-name suffix names.
   *
   * @throws IllegalArgumentException for an unknown suffix
   */
  public static DataProfile forSuffix(String suffix) {
    return switch (suffix) {
      case "" -> REALISTIC;
      case "short" -> SHORT;
      case "long" -> LONG;
      default -> throw new IllegalArgumentException("Unknown data profile '" + suffix + "' (known: short, long)");
    };
  }

  int stringLength(Random random) {
    return stringLength.applyAsInt(random);
  }

  int mapKeyLength(Random random) {
    return mapKeyLength.applyAsInt(random);
  }

  int mapSize(Random random) {
    return mapSize.applyAsInt(random);
  }

  int arrayLength(Schema elementType, Random random) {
    return (elementType.getType() == Schema.Type.RECORD ? recordArrayLength : primitiveArrayLength)
        .applyAsInt(random);
  }

  private DataProfile withStrings(String newName, ToIntFunction<Random> lengths) {
    return new DataProfile(newName, lengths, mapKeyLength, mapSize, primitiveArrayLength, recordArrayLength);
  }

  private static int mixedLength(Random r) {
    int tier = r.nextInt(100);
    if (tier < 55) {
      return 3 + r.nextInt(14);
    }
    if (tier < 85) {
      return 17 + r.nextInt(24);
    }
    return tier < 97 ? 41 + r.nextInt(80) : 121 + r.nextInt(480);
  }

  @Override
  public String toString() {
    return name;
  }
}
