package dev.kavro.connect.data;

import static dev.kavro.connect.data.ConnectAvroNames.*;

import java.util.List;
import org.apache.avro.Schema;

/** Small questions about Avro schemas that both mapping directions ask. */
final class AvroSchemas {
  private AvroSchemas() {}

  /** The index of the {@code null} branch of a union, or -1. */
  static int nullIndex(Schema union) {
    List<Schema> types = union.getTypes();
    for (int i = 0; i < types.size(); i++) {
      if (types.get(i).getType() == Schema.Type.NULL) {
        return i;
      }
    }
    return -1;
  }

  /** Whether a union is what Connect calls optional: {@code [T]} when flattened, or {@code T} and {@code null}. */
  static boolean isOptionalWrapper(Schema union, AvroDataSettings settings) {
    int size = union.getTypes().size();
    return (size == 1 && settings.flattenSingletonUnions()) || (size == 2 && nullIndex(union) >= 0);
  }

  /** The branch behind an optional wrapper (see {@link #isOptionalWrapper}). */
  static Schema wrapped(Schema union) {
    List<Schema> types = union.getTypes();
    return types.size() == 1 ? types.get(0) : types.get(1 - nullIndex(union));
  }

  /** Whether an array element is Confluent's encoding of a map entry. */
  static boolean isMapEntry(Schema element) {
    return element.getType() == Schema.Type.RECORD
        && (MAP_ENTRY_FULL_NAME.equals(element.getFullName())
            || MAP_ENTRY_TYPE_NAME.equals(element.getProp(CONNECT_INTERNAL_TYPE_PROP)));
  }

  /**
   * Confluent's Connect field name of the union branch at {@code index}: {@code connect_union_field_<index>} for
   * generalized unions, else the (full, if enhanced) name of a named type, else the type's name.
   */
  static String unionFieldName(Schema branch, int index, AvroDataSettings settings) {
    if (settings.generalizedSumTypes()) {
      return GENERALIZED_UNION_FIELD_PREFIX + index;
    }
    return switch (branch.getType()) {
      case RECORD, ENUM, FIXED -> settings.enhancedSchemaSupport() ? branch.getFullName() : branch.getName();
      default -> branch.getType().getName();
    };
  }
}
