package dev.kavro.bench.flink;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

/**
 * Flink's {@code avro-confluent} format exactly as Flink ships it for SQL: {@code flink-sql-avro-confluent-registry},
 * with Avro 1.11.4 and Confluent's registry client 7.5.3 relocated inside. Its {@code org.apache.flink.formats.avro}
 * classes are not relocated, so they would clash with the thin {@code flink-avro} on the bench's class path, and it
 * bundles Guava and commons-lang3 as they are; so the jar (a resource of the bench, see the pom) gets a child-first
 * class loader of its own: its classes from the jar, Flink's core and table classes (the interfaces both sides share:
 * {@link DeserializationSchema}, {@link SerializationSchema}, {@link RowData}, {@link RowType}) from the bench.
 *
 * <p>The decoder and encoder are built as {@code RegistryAvroFormatFactory} builds them, by reflection, once;
 * records go through the shared interfaces, with no reflection per record. Thread-safe; the loader lives as long as
 * the JVM.
 */
final class FlinkSqlJar {
  static final String RESOURCE = "/flink-peer/flink-sql-avro-confluent-registry.jar";
  /** The classes the jar owns though Flink's names: its format classes and everything it relocated. */
  private static final List<String> OWN_FLINK_PACKAGES = List.of("org.apache.flink.formats.avro.",
      "org.apache.flink.avro.");
  private static final List<String> PARENT_FIRST = List.of("java.", "javax.", "jdk.", "sun.", "org.slf4j.",
      "org.apache.flink.");

  private static final String AVRO = "org.apache.flink.formats.avro.";
  private static final String CONFLUENT = AVRO + "registry.confluent.";

  private static FlinkSqlJar instance;

  private final ClassLoader loader;

  private FlinkSqlJar(ClassLoader loader) {
    this.loader = loader;
  }

  /**
   * The jar's loader, made on first use.
   *
   * @throws IllegalStateException if the jar is not among the bench's resources (a build without Maven)
   */
  static synchronized FlinkSqlJar get() {
    if (instance == null) {
      URL jar = locate();
      instance = new FlinkSqlJar(new ChildFirstLoader(jar, FlinkSqlJar.class.getClassLoader()));
    }
    return instance;
  }

  /**
   * Flink's decoder as {@code RegistryAvroFormatFactory.createDecodingFormat} builds it for a table of {@code rowType}
   * with no {@code schema} option: {@code new AvroRowDataDeserializationSchema(
   * ConfluentRegistryAvroDeserializationSchema.forGeneric(convertToSchema(rowType), url),
   * AvroToRowDataConverters.createRowConverter(rowType), typeInfo)}, opened.
   */
  @SuppressWarnings("unchecked")
  DeserializationSchema<RowData> decoder(RowType rowType, String url) {
    try {
      Object reader = readerSchema(rowType);
      Object nested = method(CONFLUENT + "ConfluentRegistryAvroDeserializationSchema", "forGeneric", schemaClass(),
          String.class).invoke(null, reader, url);
      Object converter = method(AVRO + "AvroToRowDataConverters", "createRowConverter", RowType.class)
          .invoke(null, rowType);
      Constructor<?> make = load(AVRO + "AvroRowDataDeserializationSchema").getConstructor(
          DeserializationSchema.class, load(AVRO + "AvroToRowDataConverters$AvroToRowDataConverter"),
          TypeInformation.class);
      DeserializationSchema<RowData> decoder = (DeserializationSchema<RowData>) make.newInstance(nested, converter,
          InternalTypeInfo.of(rowType));
      decoder.open(null);
      return decoder;
    } catch (Exception e) {
      throw new IllegalStateException("Cannot build Flink's avro-confluent decoder from " + RESOURCE, unwrap(e));
    }
  }

  /**
   * Flink's encoder as {@code RegistryAvroFormatFactory.createEncodingFormat} builds it: {@code new
   * AvroRowDataSerializationSchema(rowType, ConfluentRegistryAvroSerializationSchema.forGeneric(subject,
   * convertToSchema(rowType), url), RowDataToAvroConverters.createConverter(rowType))}, opened.
   */
  @SuppressWarnings("unchecked")
  SerializationSchema<RowData> encoder(RowType rowType, String subject, String url) {
    try {
      Object writer = readerSchema(rowType);
      Object nested = method(CONFLUENT + "ConfluentRegistryAvroSerializationSchema", "forGeneric", String.class,
          schemaClass(), String.class).invoke(null, subject, writer, url);
      Object converter = method(AVRO + "RowDataToAvroConverters", "createConverter", LogicalType.class)
          .invoke(null, rowType);
      Constructor<?> make = load(AVRO + "AvroRowDataSerializationSchema").getConstructor(RowType.class,
          SerializationSchema.class, load(AVRO + "RowDataToAvroConverters$RowDataToAvroConverter"));
      SerializationSchema<RowData> encoder = (SerializationSchema<RowData>) make.newInstance(rowType, nested,
          converter);
      encoder.open(null);
      return encoder;
    } catch (Exception e) {
      throw new IllegalStateException("Cannot build Flink's avro-confluent encoder from " + RESOURCE, unwrap(e));
    }
  }

  /** The table-derived schema, by the jar's own {@code AvroSchemaConverter} (its relocated Avro's {@code Schema}). */
  private Object readerSchema(RowType rowType) throws ReflectiveOperationException {
    return method(AVRO + "typeutils.AvroSchemaConverter", "convertToSchema", LogicalType.class).invoke(null, rowType);
  }

  /** The text of the table-derived schema as the jar's converter makes it (to compare with the bench's). */
  String schemaText(RowType rowType) {
    try {
      return readerSchema(rowType).toString();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Cannot call Flink's AvroSchemaConverter in " + RESOURCE, unwrap(e));
    }
  }

  private Class<?> schemaClass() throws ClassNotFoundException {
    return load("org.apache.flink.avro.shaded.org.apache.avro.Schema");
  }

  private Method method(String className, String name, Class<?>... parameters) throws ReflectiveOperationException {
    return load(className).getMethod(name, parameters);
  }

  private Class<?> load(String name) throws ClassNotFoundException {
    Class<?> type = Class.forName(name, true, loader);
    if (type.getClassLoader() != loader) {
      throw new IllegalStateException(name + " was not loaded from " + RESOURCE + " but by " + type.getClassLoader());
    }
    return type;
  }

  private static Throwable unwrap(Exception e) {
    return e instanceof InvocationTargetException ite && ite.getCause() != null ? ite.getCause() : e;
  }

  /** The jar: a file when the bench runs from Maven's classes directory, else copied out of the bench's jar. */
  private static URL locate() {
    URL resource = FlinkSqlJar.class.getResource(RESOURCE);
    if (resource == null) {
      throw new IllegalStateException(RESOURCE + " is missing: build the bench with Maven, whose dependency:copy "
          + "puts Flink's flink-sql-avro-confluent-registry there");
    }
    try {
      if (resource.getProtocol().equals("file")) {
        return Path.of(resource.toURI()).toUri().toURL();
      }
      Path copy = Files.createTempFile("flink-sql-avro-confluent-registry", ".jar");
      copy.toFile().deleteOnExit();
      try (InputStream in = resource.openStream()) {
        Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
      }
      return copy.toUri().toURL();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot copy " + RESOURCE + " out of the bench's jar", e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Child-first for everything but the JDK, logging and Flink's own packages; of Flink's, those the jar owns
   * ({@link #OWN_FLINK_PACKAGES}) come from the jar too.
   */
  private static final class ChildFirstLoader extends URLClassLoader {
    static {
      registerAsParallelCapable();
    }

    ChildFirstLoader(URL jar, ClassLoader parent) {
      super("flink-sql-avro-confluent-registry", new URL[] {jar}, parent);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (parentFirst(name)) {
        return super.loadClass(name, resolve);
      }
      synchronized (getClassLoadingLock(name)) {
        Class<?> type = findLoadedClass(name);
        if (type == null) {
          try {
            type = findClass(name);
          } catch (ClassNotFoundException notInJar) {
            return super.loadClass(name, resolve);
          }
        }
        if (resolve) {
          resolveClass(type);
        }
        return type;
      }
    }

    @Override
    public URL getResource(String name) {
      URL own = findResource(name);
      return own != null ? own : super.getResource(name);
    }

    private static boolean parentFirst(String name) {
      for (String own : OWN_FLINK_PACKAGES) {
        if (name.startsWith(own)) {
          return false;
        }
      }
      for (String prefix : PARENT_FIRST) {
        if (name.startsWith(prefix)) {
          return true;
        }
      }
      return false;
    }
  }
}
