package dev.kavro;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.avro.Schema;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.utils.AppInfoParser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Avro and Kafka clients versions Kavro supports, checked against the classpath when a serde or converter is
 * configured. Below the range Kavro fails at once with a message naming both versions (rather than with a linkage
 * error on some later record); above the tested range it warns once and carries on. The compatibility matrix of the
 * build tests both ends of both ranges.
 */
public final class SupportedVersions {
  /** The oldest Avro supported (1.11.4: Confluent Platform 7.x ships 1.11). */
  public static final String MIN_AVRO = "1.11.4";
  /** The newest Avro line tested. */
  public static final String MAX_AVRO_LINE = "1.12";
  /** The oldest Kafka clients supported. */
  public static final String MIN_KAFKA = "3.9.0";
  /** The newest Kafka major version tested. */
  public static final int MAX_KAFKA_MAJOR = 4;

  private static final Logger LOG = LoggerFactory.getLogger(SupportedVersions.class);
  private static final AtomicBoolean CHECKED = new AtomicBoolean();
  private static volatile KafkaException failure;

  private SupportedVersions() {}

  /**
   * Checks the Avro and Kafka clients on the classpath; the first call does the work, later calls repeat its answer.
   *
   * @throws KafkaException if either is older than supported
   */
  public static void check() {
    if (CHECKED.compareAndSet(false, true)) {
      try {
        checkAvro(avroVersion());
        checkKafka(AppInfoParser.getVersion());
      } catch (KafkaException e) {
        failure = e;
      }
    }
    KafkaException e = failure;
    if (e != null) {
      throw new KafkaException(e.getMessage(), e);
    }
  }

  /**
   * The Avro version on the classpath, or null when it cannot be told. Avro's own Maven descriptor comes first: in a
   * fat jar the package's manifest is the fat jar's, whose Implementation-Version is the application's, not Avro's.
   */
  static String avroVersion() {
    ClassLoader loader = Schema.class.getClassLoader();
    try (InputStream in = loader == null ? null
        : loader.getResourceAsStream("META-INF/maven/org.apache.avro/avro/pom.properties")) {
      if (in != null) {
        Properties pom = new Properties();
        pom.load(in);
        String version = pom.getProperty("version");
        if (version != null) {
          return version;
        }
      }
    } catch (IOException | IllegalArgumentException e) {
      LOG.debug("Cannot read Avro's Maven descriptor", e);
    }
    Package avro = Schema.class.getPackage();
    return "Apache Avro".equals(avro.getImplementationTitle()) ? avro.getImplementationVersion() : null;
  }

  /** Fails below {@link #MIN_AVRO}, warns above {@link #MAX_AVRO_LINE}; an unknown version (a shaded jar) passes. */
  static void checkAvro(String found) {
    int[] version = parse(found);
    if (version == null) {
      unknown("Avro", found, MIN_AVRO, MAX_AVRO_LINE);
      return;
    }
    if (compare(version, parse(MIN_AVRO)) < 0) {
      throw new KafkaException("Kavro " + KavroVersion.get() + " needs Apache Avro " + MIN_AVRO + " or newer (up to "
          + MAX_AVRO_LINE + ".x), but the classpath has Avro " + found + " (from " + where(Schema.class)
          + "); upgrade org.apache.avro:avro");
    }
    if (compare(version, parse(MAX_AVRO_LINE + ".999")) > 0) {
      LOG.warn("Kavro {} is tested with Avro {} to {}.x; the classpath has Avro {}, which is untested",
          KavroVersion.get(), MIN_AVRO, MAX_AVRO_LINE, found);
    }
  }

  /**
   * Fails below {@link #MIN_KAFKA}, warns above {@link #MAX_KAFKA_MAJOR}. Confluent Platform's own builds of the
   * clients ({@code 7.9.0-ccs}, {@code 8.0.0-ce}) count as the Apache Kafka release they are built from (major - 4).
   */
  static void checkKafka(String found) {
    int[] version = parse(found);
    if (version == null) {
      unknown("Kafka clients", found, MIN_KAFKA, String.valueOf(MAX_KAFKA_MAJOR));
      return;
    }
    if (found.contains("-ccs") || found.contains("-ce")) {
      version[0] -= 4;
    }
    if (compare(version, parse(MIN_KAFKA)) < 0) {
      throw new KafkaException("Kavro " + KavroVersion.get() + " needs Kafka clients " + MIN_KAFKA + " or newer (up to "
          + MAX_KAFKA_MAJOR + ".x), but the classpath has kafka-clients " + found + " (from "
          + where(AppInfoParser.class) + "); upgrade org.apache.kafka:kafka-clients");
    }
    if (version[0] > MAX_KAFKA_MAJOR) {
      LOG.warn("Kavro {} is tested with Kafka clients {} to {}.x; the classpath has {}, which is untested",
          KavroVersion.get(), MIN_KAFKA, MAX_KAFKA_MAJOR, found);
    }
  }

  /** A shaded or repackaged jar may carry no version: Kavro cannot check it, and says so without failing. */
  private static void unknown(String library, String found, String min, String maxLine) {
    LOG.info("Kavro {} cannot tell the {} version on the classpath ({}); supported: {} to {}.x", KavroVersion.get(),
        library, found, min, maxLine);
  }

  /** {major, minor, patch} from a version such as {@code 1.12.2}, {@code 4.1.0-SNAPSHOT} or {@code 7.9.0-ccs}. */
  static int[] parse(String version) {
    if (version == null) {
      return null;
    }
    String[] parts = version.trim().split("[.\\-]", 4);
    int[] numbers = new int[3];
    for (int i = 0; i < 3; i++) {
      if (i >= parts.length || !parts[i].matches("\\d{1,6}")) {
        if (i < 2) {
          return null;
        }
        break;
      }
      numbers[i] = Integer.parseInt(parts[i]);
    }
    return numbers;
  }

  private static int compare(int[] a, int[] b) {
    for (int i = 0; i < 3; i++) {
      if (a[i] != b[i]) {
        return Integer.compare(a[i], b[i]);
      }
    }
    return 0;
  }

  private static String where(Class<?> type) {
    var source = type.getProtectionDomain().getCodeSource();
    return source != null && source.getLocation() != null ? source.getLocation().toString() : "an unknown location";
  }
}
