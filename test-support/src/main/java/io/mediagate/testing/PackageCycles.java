package io.mediagate.testing;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;

/**
 * A module's packages must depend on each other in one direction only, at every level: no two packages under the
 * module's root ({@code io.mediagate.routing.jobs}, {@code …providers}, {@code …providers.openai}, …) depend on each other
 * through any chain, so each can be read, moved or tested with what it depends on and nothing that depends on it.
 */
public final class PackageCycles {
    private PackageCycles() {
    }

    /** Fails, naming every cycle and the classes that make it, when the packages under {@code root} have one. */
    public static void assertNone(String root) {
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(root);
        // every package at every level is a slice of its own, the root's own package included
        SlicesRuleDefinition.slices().matching(root.substring(0, root.lastIndexOf('.')) + ".(**)").should().beFreeOfCycles().check(classes);
    }
}
