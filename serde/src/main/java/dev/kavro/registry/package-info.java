/**
 * API: the schema registry client. {@link dev.kavro.registry.SchemaRegistry} is what the serdes talk to;
 * {@link dev.kavro.registry.SchemaRegistries} builds one from Confluent's client configs
 * ({@link dev.kavro.registry.RegistryClientConfig}): a {@link dev.kavro.registry.RestSchemaRegistry}, or the in-JVM
 * {@link dev.kavro.registry.MockSchemaRegistry} for {@code mock://} URLs. Registry answers are
 * {@link dev.kavro.registry.RegisteredSchema} (with {@link dev.kavro.registry.SchemaReference},
 * {@link dev.kavro.registry.Metadata}, {@link dev.kavro.registry.RuleSet} and {@link dev.kavro.registry.Rule}; a
 * {@link dev.kavro.registry.SchemaContract} registers metadata and rules), failures
 * {@link dev.kavro.registry.RegistryException}. The transport, JSON, TLS and caching classes are package-private.
 */
package dev.kavro.registry;
