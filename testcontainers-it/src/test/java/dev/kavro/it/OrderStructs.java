package dev.kavro.it;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Timestamp;

/**
 * Connect data for the Connect IT: a record schema with the field kinds a real source emits (primitives, optional
 * fields, a nested and an optional nested struct, an array, maps with string and non-string keys, Decimal and
 * Timestamp), and a deterministic Struct for each index, so the test can rebuild what it expects.
 */
final class OrderStructs {
  static final int PRICE_SCALE = 2;
  static final Schema ADDRESS = SchemaBuilder.struct().name("dev.kavro.it.connect.Address")
      .field("street", Schema.STRING_SCHEMA)
      .field("zip", Schema.OPTIONAL_STRING_SCHEMA)
      .build();
  static final Schema OPTIONAL_ADDRESS = SchemaBuilder.struct().name("dev.kavro.it.connect.Address")
      .field("street", Schema.STRING_SCHEMA)
      .field("zip", Schema.OPTIONAL_STRING_SCHEMA)
      .optional()
      .build();
  static final Schema ORDER = SchemaBuilder.struct().name("dev.kavro.it.connect.Order")
      .field("id", Schema.INT64_SCHEMA)
      .field("customer", Schema.STRING_SCHEMA)
      .field("quantity", Schema.INT32_SCHEMA)
      .field("express", Schema.BOOLEAN_SCHEMA)
      .field("weight", Schema.FLOAT64_SCHEMA)
      .field("note", Schema.OPTIONAL_STRING_SCHEMA)
      .field("rating", Schema.OPTIONAL_INT32_SCHEMA)
      .field("price", Decimal.schema(PRICE_SCALE))
      .field("placedAt", Timestamp.SCHEMA)
      .field("shipTo", ADDRESS)
      .field("billTo", OPTIONAL_ADDRESS)
      .field("tags", SchemaBuilder.array(Schema.STRING_SCHEMA).build())
      .field("attributes", SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.STRING_SCHEMA).build())
      .field("countsBySku", SchemaBuilder.map(Schema.INT32_SCHEMA, Schema.INT64_SCHEMA).build())
      .build();

  private OrderStructs() {}

  /** The key of order {@code index}. */
  static String key(int index) {
    return "order-" + index;
  }

  /** Order {@code index}: optional fields and collections vary with the index, so some are null or empty. */
  static Struct order(int index) {
    List<String> tags = new ArrayList<>();
    for (int t = 0; t < index % 4; t++) {
      tags.add("tag-" + t);
    }
    Map<String, String> attributes = new LinkedHashMap<>();
    for (int a = 0; a < index % 3; a++) {
      attributes.put("attr-" + a, "value " + index + "/" + a);
    }
    Map<Integer, Long> countsBySku = new LinkedHashMap<>();
    for (int s = 0; s < index % 3; s++) {
      countsBySku.put(1000 + s, (long) index * s - 7);
    }
    return new Struct(ORDER)
        .put("id", 9_000_000_000L + index)
        .put("customer", "Zoë Ölander #" + index)
        .put("quantity", index % 2 == 0 ? index : -index)
        .put("express", index % 2 == 1)
        .put("weight", index * 0.25 + 0.1)
        .put("note", index % 2 == 0 ? null : "leave at the door " + index)
        .put("rating", index % 3 == 0 ? null : index % 5)
        .put("price", BigDecimal.valueOf(index * 1234L - 5000, PRICE_SCALE))
        .put("placedAt", new Date(1_700_000_000_000L + index * 60_000L + index))
        .put("shipTo", address(index))
        .put("billTo", index % 3 == 0 ? null
            : new Struct(OPTIONAL_ADDRESS).put("street", "Billing Road " + index).put("zip", null))
        .put("tags", tags)
        .put("attributes", attributes)
        .put("countsBySku", countsBySku);
  }

  private static Struct address(int index) {
    return new Struct(ADDRESS)
        .put("street", index + " Main Street")
        .put("zip", index % 2 == 0 ? "0" + (10_000 + index) : null);
  }
}
