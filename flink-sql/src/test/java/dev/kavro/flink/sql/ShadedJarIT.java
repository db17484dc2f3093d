package dev.kavro.flink.sql;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The jar the build made for Flink's {@code lib/}, read entry by entry: everything in it is Kavro's or relocated
 * under {@code dev.kavro.shaded}, so nothing in it can shadow or be shadowed by another jar of that flat class path.
 */
class ShadedJarIT {
  private static final String KAVRO = "dev/kavro/";
  private static final String SHADED = "dev/kavro/shaded/";
  /** The bundled libraries' packages by their original names: no class may refer to them so. */
  private static final List<String> RELOCATED = List.of("org/apache/avro/", "org/apache/kafka/",
      "com/fasterxml/jackson/", "com/github/benmanes/caffeine/", "org/codehaus/janino/", "org/codehaus/commons/",
      "dev/cel/", "cel/parser/internal/", "com/google/", "org/antlr/", "org/yaml/", "org/threeten/",
      "com/dashjoin/");
  /** What Flink's lib/ provides: never inside as is (Kafka only relocated, for the registry client). */
  private static final List<String> PROVIDED = List.of("org/apache/flink/", "org/apache/kafka/", "org/slf4j/");
  private static final List<String> NEVER_RELOCATED = List.of("org/apache/flink/", "org/slf4j/");
  /** Strings shade renames although they name no class, by their original prefix, and why that does no harm. */
  private static final Map<String, String> HARMLESSLY_RENAMED = Map.ofEntries(
      Map.entry("com.fasterxml.jackson.core.util.BufferRecyclers.trackReusableBuffers", "a Jackson diagnostic"),
      Map.entry("com.fasterxml.jackson.datatype:", "Maven coordinates in an error message"),
      Map.entry("com.google.appengine.", "Guava's App Engine detection: never App Engine in Flink"),
      Map.entry("com.google.apphosting.", "Guava's App Engine detection"),
      Map.entry("com.google.protobuf.use_unsafe_pre22_gencode", "for protobuf classes older than CEL's"),
      Map.entry("com.google.protobuf.error_on_unsafe_pre22_gencode", "for protobuf classes older than CEL's"),
      Map.entry("org.antlr.v4.gui.", "ANTLR's GUI tool, not in the runtime"),
      Map.entry("org.apache.avro.SERIALIZABLE_", "trusted packages of generated classes; SQL reads into rows"),
      Map.entry("org.apache.avro.specific.use_custom_coders", "generated classes"),
      Map.entry("org.apache.avro.fastread", "Avro's own reader; the format reads with Kavro's"),
      Map.entry("org.apache.avro.compiler", "Avro IDL, which Kavro does not parse"),
      Map.entry("org.apache.avro.idl.", "Avro IDL"),
      Map.entry("org.apache.avro.reflect.Pair", "schemas derived by reflection; the format derives none"),
      Map.entry("org.codehaus.janino.source_debugging.", "Janino's switches for debugging generated code"));
  /** System properties users set that must keep their names (excludes in the pom's relocations). */
  private static final List<String> KEPT_PROPERTIES = List.of("org.apache.avro.limits.string.maxLength",
      "org.apache.avro.limits.bytes.maxLength", "org.apache.avro.limits.collectionItems.maxLength",
      "org.apache.kafka.allowed.login.modules", "org.apache.kafka.disallowed.login.modules",
      "org.apache.kafka.automatic.config.providers", "org.apache.kafka.sasl.oauthbearer.allowed.urls",
      "org.apache.kafka.sasl.oauthbearer.allowed.files");
  private static final Pattern COORDINATES = Pattern.compile("^\\s+([\\w.\\-]+):([\\w.\\-]+):");
  private static final Pattern LICENSE_FILE = Pattern.compile("(?:META-INF/)?([\\w.\\-]*LICENSE[\\w.\\-]*)");
  private static final int SHOWN = 20;

  private static JarFile jar;
  private static Set<String> entries;

  @BeforeAll
  static void open() throws IOException {
    Path path = Path.of(System.getProperty("kavro.sql.jar", "missing"));
    assertTrue(Files.isRegularFile(path), "the build packages the jar before this test: " + path);
    jar = new JarFile(path.toFile());
    entries = new TreeSet<>();
    for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
      JarEntry entry = e.nextElement();
      if (!entry.isDirectory()) {
        entries.add(entry.getName());
      }
    }
  }

  @AfterAll
  static void close() throws IOException {
    if (jar != null) {
      jar.close();
    }
  }

  @Test
  void everyEntryIsKavrosOrItsMetadata() {
    List<String> outside = entries.stream()
        .filter(name -> !name.startsWith(KAVRO))
        .filter(name -> !name.startsWith("META-INF/") || name.startsWith("META-INF/versions/"))
        .collect(Collectors.toList());
    assertTrue(outside.isEmpty(), () -> outside.size() + " entries outside dev/kavro/ and META-INF/ (relocate or "
        + "leave out their library): " + first(outside));
    List<String> classesInMetaInf = entries.stream()
        .filter(name -> name.startsWith("META-INF/") && name.endsWith(".class"))
        .collect(Collectors.toList());
    assertTrue(classesInMetaInf.isEmpty(), () -> "classes in META-INF/: " + first(classesInMetaInf));
  }

  @Test
  void flinkKafkaAndSlf4jAreNotInside() {
    List<String> provided = entries.stream()
        .filter(name -> PROVIDED.stream().anyMatch(name::startsWith)
            || NEVER_RELOCATED.stream().anyMatch(p -> name.startsWith(SHADED + p)))
        .collect(Collectors.toList());
    assertTrue(provided.isEmpty(), () -> "Flink's lib/ provides these (as is, or Kafka relocated by "
        + "flink-sql-connector-kafka): " + first(provided));
    assertTrue(entries.contains(SHADED + "org/apache/kafka/common/config/ConfigDef.class"),
        "the registry client's Kafka config classes are bundled, relocated");
  }

  @Test
  void kavrosFormatAndCoreAreInside() {
    assertAll(
        () -> assertTrue(entries.contains("dev/kavro/flink/row/RowDecoder.class"), "kavro-flink"),
        () -> assertTrue(entries.contains("dev/kavro/serde/KavroDeserializer.class"), "kavro-serde"),
        () -> assertTrue(entries.contains("dev/kavro/registry/MockSchemaRegistry.class"), "mock:// registries"),
        () -> assertTrue(entries.contains(SHADED + "org/codehaus/janino/SimpleCompiler.class"), "Janino"),
        () -> assertTrue(entries.contains("dev/kavro/kavro-version.properties"), "Kavro's version"),
        () -> assertTrue(entries.contains(SHADED + "kafka/kafka-version.properties"), "Kafka's version, moved"));
  }

  @Test
  void serviceFilesNameKavrosOrFlinksInterfacesAndClassesInside() throws IOException {
    Map<String, List<String>> problems = new TreeMap<>();
    for (String name : entries) {
      if (!name.startsWith("META-INF/services/")) {
        continue;
      }
      String service = name.substring("META-INF/services/".length());
      if (!service.startsWith("dev.kavro.") && !service.startsWith("org.apache.flink.")) {
        problems.computeIfAbsent(name, k -> new ArrayList<>()).add("the interface is neither Kavro's nor Flink's");
      }
      for (String provider : providers(name)) {
        if (!entries.contains(provider.replace('.', '/') + ".class")) {
          problems.computeIfAbsent(name, k -> new ArrayList<>()).add(provider + " is not in the jar");
        }
      }
    }
    assertTrue(problems.isEmpty(), () -> "service files: " + problems);
  }

  @Test
  void classesReferToBundledLibrariesByTheirRelocatedNamesOnly() {
    Map<String, String> unrelocated = new TreeMap<>();
    eachClass((name, constants) -> {
      for (String text : constants.utf8()) {
        for (String library : RELOCATED) {
          if (refersTo(text, library)) {
            unrelocated.putIfAbsent(name, text);
          }
        }
      }
    });
    assertTrue(unrelocated.isEmpty(), () -> unrelocated.size() + " classes name a bundled library by its "
        + "original name: " + first(unrelocated));
  }

  /**
   * Shade rewrites every string constant that starts with a relocated package, class names or not. A rewritten one
   * that names nothing in the jar is a system property, a schema name or a foreign class name: either the pom keeps
   * its original spelling (an exclude), or it is one of {@link #HARMLESSLY_RENAMED}. A new one needs that decision.
   */
  @Test
  void relocatedStringConstantsNameWhatTheJarHoldsOrAreKnownToBeHarmless() {
    Map<String, String> dangling = new TreeMap<>();
    eachClass((name, constants) -> {
      for (String literal : constants.strings()) {
        String path = literal.contains("/") ? literal.replaceFirst("^/", "") : literal.replace('.', '/');
        if (path.startsWith(SHADED) && !holds(path) && HARMLESSLY_RENAMED.keySet().stream()
            .noneMatch(original -> literal.startsWith(SHADED.replace('/', '.') + original))) {
          dangling.putIfAbsent(literal, name);
        }
      }
    });
    assertTrue(dangling.isEmpty(), () -> dangling.size() + " relocated strings name nothing in the jar (string "
        + "-> a class using it): " + first(dangling));
  }

  /** Users' settings for Avro's limits and Kafka's security allow lists apply to the jar's copies too. */
  @Test
  void systemPropertiesUsersSetKeepTheirNames() {
    Set<String> literals = new TreeSet<>();
    eachClass((name, constants) -> literals.addAll(constants.strings()));
    List<String> missing = KEPT_PROPERTIES.stream().filter(p -> !literals.contains(p)).collect(Collectors.toList());
    assertTrue(missing.isEmpty(), () -> "read under another name in the jar: " + missing);
  }

  @Test
  void noticeNamesEveryBundledLibraryAndTheLicensesItCites() throws IOException {
    String notice = text("META-INF/NOTICE");
    Path bundledList = Path.of(System.getProperty("kavro.sql.bundled", "missing"));
    List<String> bundled = new ArrayList<>();
    for (String line : Files.readAllLines(bundledList)) {
      Matcher m = COORDINATES.matcher(line);
      if (m.find()) {
        bundled.add(m.group(1) + ":" + m.group(2));
      }
    }
    assertFalse(bundled.isEmpty(), "no bundled artifacts listed in " + bundledList);
    List<String> unnamed = bundled.stream().filter(c -> !notice.contains(c)).collect(Collectors.toList());
    List<String> missingTexts = new ArrayList<>();
    Matcher cited = LICENSE_FILE.matcher(notice);
    while (cited.find()) {
      String file = cited.group(1);
      if (!file.equals("LICENSE") && !entries.contains("META-INF/licenses/" + file)
          && !entries.contains("META-INF/" + file)) {
        missingTexts.add(file);
      }
    }
    assertAll(
        () -> assertTrue(unnamed.isEmpty(), () -> "bundled but not in META-INF/NOTICE: " + unnamed),
        () -> assertTrue(missingTexts.isEmpty(), () -> "cited by the NOTICE but not in the jar: " + missingTexts),
        () -> assertTrue(text("META-INF/LICENSE").contains("Apache License"), "Kavro's own license"),
        () -> assertEquals(List.of(), entries.stream()
            .filter(n -> n.matches("META-INF/(LICENSE|NOTICE).+")).collect(Collectors.toList()),
            "one LICENSE and one NOTICE, Kavro's"));
  }

  /** {@code text} has {@code library} at the start of a name: alone, or as a descriptor's {@code L} type. */
  private static boolean refersTo(String text, String library) {
    for (int at = text.indexOf(library); at >= 0; at = text.indexOf(library, at + 1)) {
      if (at == 0 || !partOfName(text.charAt(at - 1))
          || text.charAt(at - 1) == 'L' && (at == 1 || !partOfName(text.charAt(at - 2)))) {
        return true;
      }
    }
    return false;
  }

  private static boolean partOfName(char c) {
    return Character.isJavaIdentifierPart(c) || c == '/';
  }

  /** A class, a package or a resource (or a resource bundle's base name) of the jar. */
  private static boolean holds(String path) {
    String dir = path.endsWith("/") ? path : path + "/";
    String outer = path.contains("$") ? path.substring(0, path.indexOf('$')) : path;
    return entries.contains(path) || entries.contains(path + ".class") || entries.contains(outer + ".class")
        || entries.contains(path + ".properties")
        || entries.stream().anyMatch(name -> name.startsWith(dir));
  }

  private static List<String> providers(String serviceFile) throws IOException {
    List<String> providers = new ArrayList<>();
    for (String line : text(serviceFile).split("\n")) {
      String provider = line.replaceAll("#.*", "").trim();
      if (!provider.isEmpty()) {
        providers.add(provider);
      }
    }
    return providers;
  }

  private static void eachClass(BiConsumer<String, ClassConstants> check) {
    for (String name : entries) {
      if (name.endsWith(".class")) {
        try (InputStream in = jar.getInputStream(jar.getJarEntry(name))) {
          check.accept(name, ClassConstants.of(in.readAllBytes()));
        } catch (IOException e) {
          throw new UncheckedIOException("Cannot read " + name, e);
        }
      }
    }
  }

  private static String text(String name) throws IOException {
    JarEntry entry = jar.getJarEntry(name);
    assertTrue(entry != null, name + " is in the jar");
    try (InputStream in = jar.getInputStream(entry)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static String first(List<String> items) {
    return items.subList(0, Math.min(SHOWN, items.size())).toString();
  }

  private static String first(Map<String, String> items) {
    Map<String, String> shown = new LinkedHashMap<>();
    items.entrySet().stream().limit(SHOWN).forEach(e -> shown.put(e.getKey(), e.getValue()));
    return shown.toString();
  }
}
