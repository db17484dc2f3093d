package dev.kavro.testing;

import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;

/**
 * Encodes Kavro's case fallback as plain Avro aliases, so vanilla Avro can serve as its oracle.
 *
 * <p>The rule: a writer field with no reader field of the same name or alias takes the reader field named
 * {@code writerName.toUpperCase(Locale.ROOT)}, unless a writer field already matches that reader field by name or
 * alias. Adding the writer name as an alias of that reader field makes vanilla resolution do exactly the same mapping.
 */
public final class CaseFallbackAliases {
  private CaseFallbackAliases() {}

  /**
   * The reader schema with case-fallback aliases added, recursively; {@code reader} itself (not a copy) when the rule
   * maps nothing, so callers can tell whether it is in play with {@code ==}.
   *
   * @throws IllegalArgumentException if two writer fields of one record would fall back to the same reader field
   */
  public static Schema apply(Schema writer, Schema reader) {
    Schema copy = new Schema.Parser().parse(reader.toString());
    Map<String, Schema> writerRecords = records(writer);
    boolean added = false;
    for (Schema readerRecord : records(copy).values()) {
      Schema writerRecord = writerRecords.get(readerRecord.getFullName());
      for (String alias : readerRecord.getAliases()) {
        writerRecord = writerRecord != null ? writerRecord : writerRecords.get(alias);
      }
      if (writerRecord != null) {
        added |= addAliases(writerRecord, readerRecord);
      }
    }
    return added ? copy : reader;
  }

  private static boolean addAliases(Schema writerRecord, Schema readerRecord) {
    Map<String, Schema.Field> byNameOrAlias = new HashMap<>();
    for (Schema.Field field : readerRecord.getFields()) {
      byNameOrAlias.put(field.name(), field);
      for (String alias : field.aliases()) {
        byNameOrAlias.putIfAbsent(alias, field);
      }
    }
    Set<String> claimed = new HashSet<>();
    for (Schema.Field field : writerRecord.getFields()) {
      Schema.Field match = byNameOrAlias.get(field.name());
      if (match != null) {
        claimed.add(match.name());
      }
    }
    Map<Schema.Field, String> fallbacks = new LinkedHashMap<>();
    for (Schema.Field field : writerRecord.getFields()) {
      if (byNameOrAlias.containsKey(field.name())) {
        continue;
      }
      Schema.Field upper = readerRecord.getField(field.name().toUpperCase(Locale.ROOT));
      if (upper == null || claimed.contains(upper.name())) {
        continue;
      }
      String previous = fallbacks.put(upper, field.name());
      if (previous != null) {
        throw new IllegalArgumentException("Ambiguous case fallback: writer fields " + previous + " and "
            + field.name() + " both upper-case to " + upper.name() + " in " + readerRecord.getFullName());
      }
    }
    fallbacks.forEach(Schema.Field::addAlias);
    return !fallbacks.isEmpty();
  }

  /** All records reachable from {@code schema}, by full name. */
  static Map<String, Schema> records(Schema schema) {
    Map<String, Schema> records = new LinkedHashMap<>();
    collect(schema, records, new IdentityHashMap<>());
    return records;
  }

  private static void collect(Schema schema, Map<String, Schema> records, Map<Schema, Boolean> seen) {
    if (seen.put(schema, Boolean.TRUE) != null) {
      return;
    }
    switch (schema.getType()) {
      case RECORD:
        records.put(schema.getFullName(), schema);
        for (Schema.Field field : schema.getFields()) {
          collect(field.schema(), records, seen);
        }
        break;
      case ARRAY:
        collect(schema.getElementType(), records, seen);
        break;
      case MAP:
        collect(schema.getValueType(), records, seen);
        break;
      case UNION:
        for (Schema branch : schema.getTypes()) {
          collect(branch, records, seen);
        }
        break;
      default:
        break;
    }
  }
}
