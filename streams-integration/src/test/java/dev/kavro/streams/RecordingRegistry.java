package dev.kavro.streams;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.registry.RegisteredSchema;
import dev.kavro.registry.SchemaReference;
import dev.kavro.registry.SchemaRegistry;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.avro.Schema;

/**
 * A mock registry scope that remembers every subject registered through it. The mock creates subjects only on
 * register, so when every serde of a test goes through one instance, {@link #subjects()} is exactly the set of
 * subjects in the scope.
 */
final class RecordingRegistry implements SchemaRegistry {
  private final MockSchemaRegistry delegate;
  private final SortedSet<String> subjects = new TreeSet<>();

  RecordingRegistry(String scope) {
    this.delegate = MockSchemaRegistry.forScope(scope);
  }

  synchronized Set<String> subjects() {
    return Set.copyOf(subjects);
  }

  @Override
  public Schema schemaById(int id) {
    return delegate.schemaById(id);
  }

  @Override
  public Schema schemaByGuid(UUID guid) {
    return delegate.schemaByGuid(guid);
  }

  @Override
  public int register(String subject, String schemaText, List<SchemaReference> references, boolean normalize) {
    int id = delegate.register(subject, schemaText, references, normalize);
    synchronized (this) {
      subjects.add(subject);
    }
    return id;
  }

  @Override
  public RegisteredSchema lookup(String subject, String schemaText, List<SchemaReference> references,
      boolean normalize) {
    return delegate.lookup(subject, schemaText, references, normalize);
  }

  @Override
  public RegisteredSchema latest(String subject) {
    return delegate.latest(subject);
  }

  @Override
  public RegisteredSchema version(String subject, int version) {
    return delegate.version(subject, version);
  }

  @Override
  public void close() {
    delegate.close();
  }
}
