/**
 * Leaf operations of the converter's interpreters ({@code ConnectReadInterpreter}, {@code ConnectWriteInterpreter}).
 * Public only because the interpreters live in another package; not meant for users, and may change between releases.
 */
package dev.kavro.connect.runtime;
