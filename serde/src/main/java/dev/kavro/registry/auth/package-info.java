/**
 * API: {@link dev.kavro.registry.auth.BearerTokenProvider}, which a class named in
 * {@code bearer.auth.custom.provider.class} implements. Internal: {@code BearerTokenProviders} and
 * {@code SaslUserInfo} are public only for {@code dev.kavro.registry}; the OAuth client is package-private.
 */
package dev.kavro.registry.auth;
