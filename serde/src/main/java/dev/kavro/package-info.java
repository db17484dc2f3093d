/**
 * Internal: {@code KavroVersion} and {@code SupportedVersions} are public only for Kavro's other modules (the Connect
 * converter reports the version, every serde checks the Avro and Kafka versions it runs on). Not meant for users; may
 * change between releases. The user API is in {@code dev.kavro.serde}, {@code dev.kavro.avro},
 * {@code dev.kavro.registry}, {@code dev.kavro.rules} and {@code dev.kavro.wire}.
 */
package dev.kavro;
