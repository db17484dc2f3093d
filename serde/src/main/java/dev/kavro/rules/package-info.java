/**
 * API: data-contract rules. {@link dev.kavro.rules.RuleExecutor} (with {@link dev.kavro.rules.RuleContext},
 * {@link dev.kavro.rules.RuleKind}, {@link dev.kavro.rules.RuleMode} and {@link dev.kavro.rules.RuleException}) is the
 * interface a custom executor implements; {@link dev.kavro.rules.CelExecutor},
 * {@link dev.kavro.rules.CelFieldExecutor}, {@link dev.kavro.rules.JsonataExecutor} and
 * {@link dev.kavro.rules.DlqAction} are the classes {@code rule.executors.*} and {@code rule.actions.*} may name;
 * {@link dev.kavro.rules.RuleFailedException} is what a failing rule throws. Internal: {@code RulePlan},
 * {@code RuleSettings} and {@code Migration} are public only for {@code dev.kavro.serde} and the Connect converter.
 */
package dev.kavro.rules;
