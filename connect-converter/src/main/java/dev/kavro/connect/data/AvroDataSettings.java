package dev.kavro.connect.data;

/**
 * The switches of the Connect/Avro mapping, with Confluent's {@code AvroDataConfig} semantics and defaults.
 *
 * @param connectMetaData write and read the {@code connect.*} properties ({@code connect.meta.data}, default true)
 * @param enhancedSchemaSupport keep enum symbols and namespaces ({@code enhanced.avro.schema.support})
 * @param scrubInvalidNames make Connect names valid Avro names ({@code scrub.invalid.names})
 * @param generalizedSumTypes map enums and unions to the generalized Connect forms
 *     ({@code generalized.sum.type.support})
 * @param ignoreDefaultForNullables write a null optional field as null, not as its default
 *     ({@code ignore.default.for.nullables})
 * @param allowOptionalMapKeys an optional string key still maps to an Avro map ({@code allow.optional.map.keys})
 * @param flattenSingletonUnions a one-branch union is its branch ({@code flatten.singleton.unions}, default true)
 * @param discardTypeDocDefault Confluent's deprecated doc and default handling ({@code discard.type.doc.default}):
 *     Avro docs become Connect docs, enum docs the {@code connect.enum.doc} parameter, and defaults are always
 *     written as {@code connect.default}
 * @param extendedLogicalTypes Kavro's own mapping, beyond Confluent's, of {@code timestamp-micros},
 *     {@code local-timestamp-*}, {@code time-micros} and {@code uuid} ({@code kavro.connect.extended.logical.types},
 *     default false)
 */
public record AvroDataSettings(boolean connectMetaData, boolean enhancedSchemaSupport, boolean scrubInvalidNames,
    boolean generalizedSumTypes, boolean ignoreDefaultForNullables, boolean allowOptionalMapKeys,
    boolean flattenSingletonUnions, boolean discardTypeDocDefault, boolean extendedLogicalTypes) {

  /** Confluent's defaults. */
  public static final AvroDataSettings DEFAULTS = new AvroDataSettings(true, false, false, false, false, false, true);

  /** Confluent's switches, with {@code discard.type.doc.default} and Kavro's extended logical types off. */
  public AvroDataSettings(boolean connectMetaData, boolean enhancedSchemaSupport, boolean scrubInvalidNames,
      boolean generalizedSumTypes, boolean ignoreDefaultForNullables, boolean allowOptionalMapKeys,
      boolean flattenSingletonUnions) {
    this(connectMetaData, enhancedSchemaSupport, scrubInvalidNames, generalizedSumTypes, ignoreDefaultForNullables,
        allowOptionalMapKeys, flattenSingletonUnions, false, false);
  }
}
