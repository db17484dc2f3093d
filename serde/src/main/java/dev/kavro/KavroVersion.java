package dev.kavro;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * Kavro's version: the {@code Implementation-Version} of the jar that holds this class, else the version Maven wrote
 * into {@code dev/kavro/kavro-version.properties} (classes run from a build directory, or a shaded jar whose manifest
 * is someone else's), else {@code "unknown"}.
 */
public final class KavroVersion {
  static final String RESOURCE = "kavro-version.properties";
  private static final String VERSION = find();

  private KavroVersion() {}

  /** The version of the Kavro jars in use, such as {@code 0.1.0}. */
  public static String get() {
    return VERSION;
  }

  private static String find() {
    String fromManifest = KavroVersion.class.getPackage().getImplementationVersion();
    if (fromManifest != null && !fromManifest.isBlank()) {
      return fromManifest;
    }
    String fromResource = fromResource(KavroVersion.class.getResourceAsStream(RESOURCE));
    return fromResource != null ? fromResource : "unknown";
  }

  static String fromResource(InputStream in) {
    if (in == null) {
      return null;
    }
    try (in) {
      Properties properties = new Properties();
      properties.load(in);
      String version = properties.getProperty("version");
      // An unfiltered copy (say, an IDE that skips Maven's filtering) still holds the placeholder.
      return version == null || version.isBlank() || version.startsWith("${") ? null : version.trim();
    } catch (IOException e) {
      return null;
    }
  }
}
