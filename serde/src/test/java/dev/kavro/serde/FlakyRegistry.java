package dev.kavro.serde;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.registry.RegisteredSchema;
import dev.kavro.registry.RegistryException;
import dev.kavro.registry.SchemaReference;
import dev.kavro.registry.SchemaRegistry;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.avro.Schema;

/** A mock registry that can be told to fail every call with a given error, and counts calls. */
final class FlakyRegistry implements SchemaRegistry {
  final MockSchemaRegistry delegate = new MockSchemaRegistry();
  final AtomicInteger calls = new AtomicInteger();
  volatile RegistryException failure;
  volatile boolean closed;

  void failWith(int status, int errorCode) {
    failure = new RegistryException("injected failure", status, errorCode);
  }

  void failWithTimeout() {
    failure = new RegistryException("injected timeout", RegistryException.NO_RESPONSE, -1, true, null);
  }

  void heal() {
    failure = null;
  }

  private void maybeFail() {
    calls.incrementAndGet();
    RegistryException f = failure;
    if (f != null) {
      throw f;
    }
  }

  @Override
  public Schema schemaById(int id) {
    maybeFail();
    return delegate.schemaById(id);
  }

  @Override
  public Schema schemaByGuid(UUID guid) {
    maybeFail();
    return delegate.schemaByGuid(guid);
  }

  @Override
  public int register(String subject, String schemaText, List<SchemaReference> references, boolean normalize) {
    maybeFail();
    return delegate.register(subject, schemaText, references, normalize);
  }

  @Override
  public RegisteredSchema lookup(String subject, String schemaText, List<SchemaReference> references,
      boolean normalize) {
    maybeFail();
    return delegate.lookup(subject, schemaText, references, normalize);
  }

  @Override
  public RegisteredSchema latest(String subject) {
    maybeFail();
    return delegate.latest(subject);
  }

  @Override
  public RegisteredSchema version(String subject, int version) {
    maybeFail();
    return delegate.version(subject, version);
  }

  @Override
  public void close() {
    closed = true;
  }
}
