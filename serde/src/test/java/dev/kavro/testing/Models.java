package dev.kavro.testing;

import org.apache.avro.Conversions;
import org.apache.avro.data.TimeConversions;
import org.apache.avro.generic.GenericData;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.util.ClassSecurityValidator;

/**
 * Fresh Avro data models. Tests toggle {@code org.apache.avro.fastread} per instance, so they must never touch the
 * shared singletons ({@code GenericData.get()}, a generated class's {@code MODEL$}).
 */
public final class Models {
  private static final String TEST_SPECIFIC_PACKAGE = "dev.kavro.test.specific.";
  private static boolean trusted;

  private Models() {}

  /** A new {@link GenericData}, with or without the standard logical-type conversions. */
  public static GenericData generic(boolean fastRead, boolean conversions) {
    GenericData data = new GenericData();
    if (conversions) {
      addStandardConversions(data);
    }
    return withFastRead(data, fastRead);
  }

  /** A new {@link SpecificData} that resolves generated classes through this class's loader. */
  public static SpecificData specific(boolean fastRead) {
    trustTestSpecificRecords();
    SpecificData data = new SpecificData(Models.class.getClassLoader());
    addStandardConversions(data);
    return withFastRead(data, fastRead);
  }

  /**
   * Lets Avro load the generated test classes ({@code dev.kavro.test.specific}). Since 1.12.2 Avro refuses to load
   * any class named in a schema unless it is trusted (system properties {@code org.apache.avro.SERIALIZABLE_*} or
   * {@link ClassSecurityValidator}); tests that use specific records call this first. Idempotent.
   */
  public static synchronized void trustTestSpecificRecords() {
    if (!trusted) {
      // Avro before 1.12.0 has no validator and loads any class (the compatibility matrix runs 1.11).
      if (classExists("org.apache.avro.util.ClassSecurityValidator")) {
        Trust.testSpecificRecords();
      }
      trusted = true;
    }
  }

  private static boolean classExists(String name) {
    try {
      Class.forName(name, false, GenericData.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  /** Links to ClassSecurityValidator only when loaded, so Models itself loads on Avro 1.11. */
  private static final class Trust {
    static void testSpecificRecords() {
      ClassSecurityValidator.setGlobal(ClassSecurityValidator.composite(ClassSecurityValidator.getGlobal(),
          type -> type.getName().startsWith(TEST_SPECIFIC_PACKAGE)));
    }
  }

  /** Whether a model converts logical types to Java objects (BigDecimal, Instant...). */
  public static boolean hasConversions(GenericData model) {
    return !model.getConversions().isEmpty();
  }

  /** The conversions a generated specific class registers, plus decimal: they cover every logical type we generate. */
  public static void addStandardConversions(GenericData data) {
    data.addLogicalTypeConversion(new Conversions.DecimalConversion());
    data.addLogicalTypeConversion(new Conversions.UUIDConversion());
    data.addLogicalTypeConversion(new TimeConversions.DateConversion());
    data.addLogicalTypeConversion(new TimeConversions.TimeMillisConversion());
    data.addLogicalTypeConversion(new TimeConversions.TimeMicrosConversion());
    data.addLogicalTypeConversion(new TimeConversions.TimestampMillisConversion());
    data.addLogicalTypeConversion(new TimeConversions.TimestampMicrosConversion());
    data.addLogicalTypeConversion(new TimeConversions.LocalTimestampMillisConversion());
    data.addLogicalTypeConversion(new TimeConversions.LocalTimestampMicrosConversion());
  }

  private static <M extends GenericData> M withFastRead(M data, boolean fastRead) {
    data.setFastReaderEnabled(fastRead);
    // Avro silently ignores the flag for models it does not support; an oracle that thinks it runs the fast reader
    // but does not would halve the suite's coverage without anyone noticing.
    if (data.isFastReaderEnabled() != fastRead) {
      throw new IllegalStateException("Avro ignored fastread=" + fastRead + " for " + data.getClass());
    }
    return data;
  }
}
